import qs from 'qs';

/** Rule 6: bracket-style arrays (`id[]=1&id[]=2`), with null, undefined and empty values left out. */
export function toQueryString(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  return qs.stringify(params, {
    arrayFormat: 'brackets',
    skipNulls: true,
    filter: (_prefix, value) => (value === '' ? undefined : value),
    addQueryPrefix: true,
  });
}

import queryString from 'query-string';

/** Rule 6: bracket-style arrays (`id[]=1&id[]=2`), with null, undefined and empty values left out. */
export function toQueryString(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const encoded = queryString.stringify(params, {
    arrayFormat: 'bracket',
    skipNull: true,
    skipEmptyString: true,
    sort: false,
  });
  return encoded ? `?${encoded}` : '';
}

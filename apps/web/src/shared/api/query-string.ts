/**
 * Rule 6: bracket-style arrays (`id[]=1&id[]=2`, the brackets percent-encoded as the URL standard has them), with
 * null, undefined and empty values left out. The browser's own URLSearchParams encodes (decision 105: no library in
 * every first load for what the platform does).
 */
export type QueryValue = string | number | boolean | null | undefined;

export function toQueryString(params: Record<string, QueryValue | readonly QueryValue[]> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    const name = Array.isArray(value) ? `${key}[]` : key;
    for (const item of Array.isArray(value) ? (value as readonly QueryValue[]) : [value as QueryValue]) {
      if (item !== null && item !== undefined && item !== '') search.append(name, String(item));
    }
  }
  const encoded = search.toString();
  return encoded ? `?${encoded}` : '';
}

/**
 * Spec §7: query strings use bracket-style arrays (`objects[]=a&objects[]=b`), as the web's API client sends
 * them. `key[]` always gives an array, even of one; a plain key given twice also gives an array.
 */
export function parseQueryString(query: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = Object.create(null);
  for (const [rawKey, value] of new URLSearchParams(query)) {
    const isArray = rawKey.endsWith('[]');
    const key = isArray ? rawKey.slice(0, -2) : rawKey;
    const existing = result[key];
    if (existing === undefined) result[key] = isArray ? [value] : value;
    else result[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return result;
}

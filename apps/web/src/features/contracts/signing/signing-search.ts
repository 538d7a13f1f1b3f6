/*
 * The confirmation routes' parameter, apart from their pages: the route validates it on the first load, so this file
 * stays tiny.
 */

/** `?signingToken={token}` on the signing confirmations; anything else is dropped. */
export function signingSearch(search: Record<string, unknown>): { signingToken?: string } {
  const token = search.signingToken;
  return { signingToken: typeof token === 'string' && /^[\w-]{16,100}$/.test(token) ? token : undefined };
}

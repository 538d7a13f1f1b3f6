/**
 * Auth.js answers a failed sign-in, callback or sign-out with a redirect (or, for clients that asked with
 * X-Auth-Return-Redirect, a JSON `{ url }`) to the portal's error or sign-in page carrying the reason.
 * This reads the reason back, so the failure can be audited and answered to such clients as a 400.
 */
export async function authFailureOf(response: Response, baseUrl: string): Promise<string | null> {
  let target = response.headers.get('location');
  if (!target && response.headers.get('content-type')?.includes('application/json')) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { url?: unknown } | null;
    target = typeof body?.url === 'string' ? body.url : null;
  }
  if (!target) return null;
  const url = new URL(target, baseUrl);
  if (url.pathname !== '/auth/error' && url.pathname !== '/auth/signin') return null;
  return url.searchParams.get('error');
}

import { COOKIE, readCookie, removeCookie } from '../../shared/cookies.ts';
import { isSameSitePath } from '../../shared/auth/safe-callback.ts';

/**
 * Where to go after signing out: the address the server left in the sign-out-url cookie (for example the
 * e-ID broker's logout page) when it is an http(s) URL or a path on this site, else the home page.
 * The cookie is used once.
 */
export function takeSignOutDestination(): string {
  const value = readCookie(COOKIE.signOutUrl);
  removeCookie(COOKIE.signOutUrl);
  if (isSameSitePath(value)) return value;
  return value && isHttpUrl(value) ? value : '/';
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

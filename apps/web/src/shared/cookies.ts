import Cookies from 'js-cookie';

/** Names of the browser cookies of spec §3 that the web app reads or writes. */
export const COOKIE = {
  locale: 'NEXT_LOCALE',
  colorScheme: 'color-scheme',
  colorSchemeOverride: 'color-scheme-override',
  userId: '__user-id',
  sessionId: 'session_id',
  signOutUrl: 'sign-out-url',
  /** When the person last closed or answered the feedback dialog (spec §4). */
  feedbackHandled: 'feedback-handled',
} as const;

const preferenceAttributes = { path: '/', secure: true, sameSite: 'Lax' as const, expires: 365 };

export const readCookie = (name: string): string | undefined => Cookies.get(name);

/** Removes a cookie set on the whole site (path /), as the portal's own cookies are. */
export const removeCookie = (name: string) => Cookies.remove(name, { path: '/' });

/** Preference cookies are read by the server for the first paint, so they live a year on the whole site. */
export const writePreferenceCookie = (name: string, value: string) => Cookies.set(name, value, preferenceAttributes);

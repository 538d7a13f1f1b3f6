/**
 * Values of `?error=` on the sign-in and error pages: Auth.js's own, plus the portal's SessionRequired
 * (route guard), NoProviders (sign-in page) and RateLimited (server rate limit). Each has a title and an
 * explanation under `auth.error.<value>.*`.
 */
export const AUTH_ERROR_CODES = [
  'Configuration',
  'AccessDenied',
  'Verification',
  'OAuthSignin',
  'OAuthCallbackError',
  'OAuthAccountNotLinked',
  'EmailSignin',
  'CallbackRouteError',
  'SessionRequired',
  'NoProviders',
  'RateLimited',
  'Default',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/** Unknown or missing values read as Default, so every error shows a real explanation. */
export function toAuthErrorCode(value: string | undefined): AuthErrorCode {
  return AUTH_ERROR_CODES.find((code) => code === value) ?? 'Default';
}

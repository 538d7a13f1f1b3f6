import { useMutation } from '@tanstack/react-query';
import { api } from '../api/api-client.ts';
import { getCsrfToken } from './csrf.ts';
import { safeCallbackUrl } from './safe-callback.ts';

/** Auth.js's sign-in with a provider: the app posts to it, and so does the sign-in page's form without script. */
export const signInPath = (providerId: string) => `/api/auth/signin/${encodeURIComponent(providerId)}`;

/** `callbackUrl` is checked by safeCallbackUrl; `email` only for the e-mail provider. */
export type SignInOptions = { callbackUrl: string; email?: string };

/**
 * POST /api/auth/signin/{provider}, then the browser goes where Auth.js sends it (the e-ID broker, or the
 * "check your e-mail" page). `X-Auth-Return-Redirect` makes Auth.js answer that address as JSON: a form post
 * whose redirect leaves the site is blocked by the page's CSP `form-action 'self'`, a navigation is not.
 * `ui_locales` asks the broker to speak the language the person reads the portal in.
 */
export async function signIn(providerId: string, { callbackUrl, email }: SignInOptions): Promise<void> {
  const csrfToken = await getCsrfToken();
  const body = new URLSearchParams({ csrfToken, callbackUrl: safeCallbackUrl(callbackUrl) });
  if (email !== undefined) body.set('email', email);
  const { url } = await api<{ url: string }>(signInPath(providerId), {
    method: 'POST',
    // i18n keeps the html lang on the two-letter language of the chosen locale.
    query: { ui_locales: document.documentElement.lang || 'en' },
    body,
    headers: { 'X-Auth-Return-Redirect': '1' },
  });
  window.location.assign(url);
}

/** A mutation so a failed call raises the api-error notification and the button can show progress. */
export function useSignIn() {
  return useMutation({
    mutationFn: ({ providerId, ...options }: SignInOptions & { providerId: string }) => signIn(providerId, options),
  });
}

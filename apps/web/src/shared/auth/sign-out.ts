import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/api-client.ts';
import { ApiError } from '../api/api-error.ts';
import { forgetSignedInData } from '../api/query-keys.ts';
import { getCsrfToken } from './csrf.ts';

const AUTH_ERROR_PAGE = '/auth/error';

/**
 * POST /api/auth/signout. `X-Auth-Return-Redirect` makes Auth.js answer `{ url }` instead of a redirect,
 * so the page decides where to go next (the sign-out-url cookie, or the safe link-out page's target).
 * Auth.js reports a failure (such as a stale csrf token) the same way, as a 200 pointing at its error page.
 */
export async function signOut(callbackUrl = '/'): Promise<void> {
  const csrfToken = await getCsrfToken();
  const { url } = await api<{ url: string }>('/api/auth/signout', {
    method: 'POST',
    body: new URLSearchParams({ csrfToken, callbackUrl }),
    headers: { 'X-Auth-Return-Redirect': '1' },
  });
  const answer = new URL(url, window.location.origin);
  if (answer.pathname === AUTH_ERROR_PAGE) {
    throw new ApiError(400, { name: answer.searchParams.get('error') ?? 'SignOutError', message: 'Auth.js did not sign out' });
  }
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => signOut(),
    onSuccess: () => forgetSignedInData(queryClient),
  });
}

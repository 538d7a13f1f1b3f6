import { api } from '../api/api-client.ts';

/** GET /api/auth/csrf: Auth.js's double-submit token, fetched fresh before every sign-in or sign-out post. */
export async function getCsrfToken(): Promise<string> {
  const { csrfToken } = await api<{ csrfToken: string }>('/api/auth/csrf');
  return csrfToken;
}

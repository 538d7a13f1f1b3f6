import { useQuery } from '@tanstack/react-query';
import { api } from '../api/api-client.ts';
import { queryKeys } from '../api/query-keys.ts';

/** GET /api/auth/csrf: Auth.js's double-submit token, fetched fresh before every sign-in or sign-out post. */
export async function getCsrfToken(): Promise<string> {
  const { csrfToken } = await api<{ csrfToken: string }>('/api/auth/csrf');
  return csrfToken;
}

/**
 * The token the server's sign-in page carried (docs/decisions/104), for its forms to post without script; undefined
 * on a page the app drew itself, whose forms only the app posts (with a fresh token). Never fetched.
 */
export function usePageCsrfToken(): string | undefined {
  return useQuery({ queryKey: queryKeys.auth.pageCsrfToken(), queryFn: getCsrfToken, enabled: false, staleTime: Infinity }).data;
}

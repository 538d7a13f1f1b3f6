import { queryOptions } from '@tanstack/react-query';
import type { ActiveSession } from '@portal/schema/sessions';
import { api } from '../../../shared/api/api-client.ts';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

/** GET /api/me/sessions: the person's signed-in browsers, this one first. */
export const sessionsQueryOptions = queryOptions({
  queryKey: queryKeys.me.sessions(),
  queryFn: ({ signal }) => api<ActiveSession[]>('/api/me/sessions', { signal }),
});

/** DELETE /api/me/sessions/{id}: that browser is signed out at once. */
export const useSignOutSession = () =>
  useRefreshingMutation(queryKeys.me.sessions(), (id: string) =>
    api<void>(`/api/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );

/** POST /api/me/sessions/sign-out-others: every browser but this one is signed out. */
export const useSignOutOtherSessions = () =>
  useRefreshingMutation(queryKeys.me.sessions(), () => api<{ signedOut: number }>('/api/me/sessions/sign-out-others', { method: 'POST' }));

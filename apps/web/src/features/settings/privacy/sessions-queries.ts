import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActiveSession } from '@portal/schema/sessions';
import { api } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

/** GET /api/me/sessions: the person's signed-in browsers, this one first. */
export const sessionsQueryOptions = queryOptions({
  queryKey: queryKeys.me.sessions(),
  queryFn: ({ signal }) => api<ActiveSession[]>('/api/me/sessions', { signal }),
});

function useSessionsMutation<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.me.sessions() }) });
}

/** DELETE /api/me/sessions/{id}: that browser is signed out at once. */
export const useSignOutSession = () =>
  useSessionsMutation((id: string) => api<void>(`/api/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }));

/** POST /api/me/sessions/sign-out-others: every browser but this one is signed out. */
export const useSignOutOtherSessions = () =>
  useSessionsMutation(() => api<{ signedOut: number }>('/api/me/sessions/sign-out-others', { method: 'POST' }));

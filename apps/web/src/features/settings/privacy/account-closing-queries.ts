import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErasureRequestView, MyErasureRequest } from '@portal/schema/erasure';
import { api } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

/** GET /api/me/erasure-request: the customer's request to close their account, if they made one. */
export const erasureRequestQueryOptions = queryOptions({
  queryKey: queryKeys.me.erasureRequest(),
  queryFn: ({ signal }) => api<MyErasureRequest>('/api/me/erasure-request', { signal }),
});

/** POST /api/me/erasure-request: asks to be forgotten; a refusal (422) carries the reason in its code. */
export function useRequestErasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<ErasureRequestView>('/api/me/erasure-request', { method: 'POST' }),
    onSuccess: (request) => queryClient.setQueryData(queryKeys.me.erasureRequest(), { request }),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Representative } from '@portal/schema/identity';
import { api } from '../api/api-client.ts';
import { queryKeys, refetchForNewCustomer } from '../api/query-keys.ts';

/** GET /api/me/representatives: the person themself and every customer they may act for. */
export function getRepresentatives(): Promise<Representative[]> {
  return api<Representative[]>('/api/me/representatives');
}

export const representativesQueryOptions = queryOptions({
  queryKey: queryKeys.me.representatives(),
  queryFn: getRepresentatives,
});

export function useRepresentatives({ enabled }: { enabled: boolean }) {
  return useQuery({ ...representativesQueryOptions, enabled });
}

/** POST /api/me/representatives: the server remembers the choice in a secure cookie; 403 when not the person's. */
export function chooseRepresentative(representativeCode: string): Promise<{ representativeCode: string }> {
  return api('/api/me/representatives', { method: 'POST', body: { representativeCode } });
}

export function useChooseRepresentative() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseRepresentative,
    onSuccess: () => refetchForNewCustomer(queryClient),
  });
}

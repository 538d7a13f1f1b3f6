import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActorInfo } from '@portal/schema/identity';
import { api } from '../api/api-client.ts';
import { queryKeys } from '../api/query-keys.ts';

/** GET /api/info: who acts, for which customer, and the re-verification period of spec §4. */
export function getActorInfo(): Promise<ActorInfo> {
  return api<ActorInfo>('/api/info');
}

export const actorInfoQueryOptions = queryOptions({
  queryKey: queryKeys.me.info(),
  queryFn: getActorInfo,
});

/** Only meaningful with a session; callers pass whether there is one. */
export function useActorInfo({ enabled }: { enabled: boolean }) {
  return useQuery({ ...actorInfoQueryOptions, enabled });
}

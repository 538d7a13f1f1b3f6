import { queryOptions } from '@tanstack/react-query';
import type { OperatorOutage, PlannedOutageRequest } from '@portal/schema/operator-outages';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation.ts';

/** GET /api/staff/outages: the planned outages the site's staff published (docs/decisions/126). */
export const operatorOutagesQueryOptions = queryOptions({
  queryKey: queryKeys.outages.staff(),
  queryFn: ({ signal }) => api<OperatorOutage[]>('/api/staff/outages', { signal }),
});

const outagePath = (id: string) => `/api/staff/outages/${encodeURIComponent(id)}`;

/** Publishes a new planned outage, or changes one (with its id) before it begins. */
export const useSavePlannedOutage = () =>
  useRefreshingMutation(queryKeys.outages.all, ({ id, request }: { id: string | null; request: PlannedOutageRequest }) =>
    id === null
      ? api<OperatorOutage>('/api/staff/outages', { method: 'POST', body: request })
      : api<OperatorOutage>(outagePath(id), { method: 'PUT', body: request }),
  );

export const useCancelPlannedOutage = () =>
  useRefreshingMutation(queryKeys.outages.all, (id: string) => api<OperatorOutage>(`${outagePath(id)}/cancel`, { method: 'POST' }));

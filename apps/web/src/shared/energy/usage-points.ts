import { queryOptions } from '@tanstack/react-query';
import type { UsagePoint } from '@portal/schema/energy';
import { api } from '../api/api-client.ts';
import { queryKeys } from '../api/query-keys.ts';

/** GET /api/usage-points/me: the acting customer's metering points, each with its utility and address. */
export function getUsagePoints(signal?: AbortSignal): Promise<UsagePoint[]> {
  return api<UsagePoint[]>('/api/usage-points/me', { signal });
}

export const usagePointsQueryOptions = queryOptions({
  queryKey: queryKeys.usagePoints.mine(),
  queryFn: ({ signal }) => getUsagePoints(signal),
  staleTime: 5 * 60_000,
});

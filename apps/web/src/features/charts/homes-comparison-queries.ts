import { queryOptions } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation.ts';
import type { HomeDetails, HomeDetailsRequest, HomesComparison } from '@portal/schema/homes-comparison';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** GET /api/usage-points/homes-comparison (decision 123): the point's last twelve months beside similar homes. */
export const homesComparisonQueryOptions = (meteringPointId: string) =>
  queryOptions({
    queryKey: queryKeys.readings.homesComparison(meteringPointId),
    queryFn: ({ signal }) => api<HomesComparison>('/api/usage-points/homes-comparison', { query: { meteringPointId }, signal }),
  });

/** PUT /api/usage-points/home: the customer's description of the home; the comparison is asked again after it. */
export function useSaveHomeDetails() {
  return useRefreshingMutation(
    (request) => queryKeys.readings.homesComparison(request.meteringPointId),
    (request: HomeDetailsRequest) => api<HomeDetails>('/api/usage-points/home', { method: 'PUT', body: request }),
  );
}

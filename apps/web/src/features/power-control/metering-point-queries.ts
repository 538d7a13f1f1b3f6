import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeteringPointStatus } from '@portal/schema/power';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** GET /api/load-controls/metering-points: the customer's controllable meters with loads, connection and HAN port. */
export function getMeteringPoints(): Promise<MeteringPointStatus[]> {
  return api<MeteringPointStatus[]>('/api/load-controls/metering-points');
}

const hasPending = (meters: MeteringPointStatus[] | undefined) =>
  !!meters?.some(
    (meter) => meter.connection.pendingCommand || meter.hanPort.pendingCommand || meter.loads.some((load) => load.pendingCommand),
  );

/** While a command is pending the page looks again every two seconds, so switches show their outcome. */
export const meteringPointsQueryOptions = queryOptions({
  queryKey: queryKeys.power.meters(),
  queryFn: getMeteringPoints,
  refetchInterval: (query) => (hasPending(query.state.data) ? 2000 : false),
});

export const useMeteringPoints = () => useQuery(meteringPointsQueryOptions);

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ChartSeries, ReadingsResponse } from '@portal/schema/energy';
import type { ReadingResolution } from '@portal/schema/energy-rules';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

export type ReadingsParams = {
  series: ChartSeries;
  meteringPointId: string;
  from: string;
  to: string;
  resolution: ReadingResolution;
  yearsBack?: number;
};

/** GET /api/charts/readings; spec §3: `series` carries the years back of a comparison as its second entry. */
export function fetchReadings({ series, yearsBack, ...rest }: ReadingsParams, signal?: AbortSignal) {
  return api<ReadingsResponse>('/api/charts/readings', {
    query: { series: yearsBack ? [series, String(yearsBack)] : [series], ...rest },
    signal,
  });
}

export const readingsQueryOptions = (params: ReadingsParams) =>
  queryOptions({
    queryKey: queryKeys.readings.series(params),
    queryFn: ({ signal }) => fetchReadings(params, signal),
    // The previous period stays on screen while the next loads: switching does not flash a skeleton.
    placeholderData: keepPreviousData,
  });

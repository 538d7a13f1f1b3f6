import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import type { ChartSeries, ReadingDownloadFormat, ReadingsResponse, UsagePattern } from '@portal/schema/energy';
import type { ReadingResolution } from '@portal/schema/energy-rules';
import { api, downloadFile } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { saveFile } from '../../shared/files/save-file.ts';

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

export type ReadingsDownload = { meteringPointId: string; from: string; to: string; format: ReadingDownloadFormat };

/**
 * GET /api/readings/download (docs/decisions/109): every stored reading of the period as Green Button XML or in the
 * data hub's CSV layout, saved under the server's file name. Failures take the shared api-error path.
 */
export function useDownloadReadings() {
  return useMutation({
    mutationFn: async (query: ReadingsDownload) => {
      const file = await downloadFile('/api/readings/download', { query });
      if (file) saveFile(file);
    },
  });
}

export type UsagePatternParams = { meteringPointId: string; from: string; to: string };

/** GET /api/charts/usage-pattern (docs/decisions/111): consumption by weekday and hour, and the spot-hour shares. */
export const usagePatternQueryOptions = (params: UsagePatternParams) =>
  queryOptions({
    queryKey: queryKeys.readings.usagePattern(params),
    queryFn: ({ signal }) => api<UsagePattern>('/api/charts/usage-pattern', { query: params, signal }),
    placeholderData: keepPreviousData,
  });

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeterEvent, Outage } from '@portal/schema/outages';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** GET /api/outages: the site's planned, current and lately ended outages, the customer's own streets first. */
export const outagesQueryOptions = queryOptions({
  queryKey: queryKeys.outages.list(),
  queryFn: ({ signal }) => api<Outage[]>('/api/outages', { signal }),
  // Outages start and end while the page is open: look again every minute.
  refetchInterval: 60_000,
});

export const useOutages = () => useQuery(outagesQueryOptions);

/** GET /api/outages/meter-events/{gsrn} (spec §7): what one of the customer's meters reported, newest first. */
export const useMeterEvents = (gsrn: string | null) =>
  useQuery({
    queryKey: queryKeys.outages.meterEvents(gsrn ?? ''),
    queryFn: ({ signal }) => api<MeterEvent[]>(`/api/outages/meter-events/${encodeURIComponent(gsrn ?? '')}`, { signal }),
    enabled: gsrn !== null,
  });

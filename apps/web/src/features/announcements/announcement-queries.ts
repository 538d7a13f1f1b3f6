import { queryOptions } from '@tanstack/react-query';
import type { Announcement } from '@portal/schema/announcements';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** GET /api/announcements/{clientId}?locale (spec §7): what the acting customer's banner shows now. */
export const currentAnnouncementsQueryOptions = (clientId: string, locale: string) =>
  queryOptions({
    queryKey: queryKeys.announcements.current(clientId, locale),
    queryFn: ({ signal }) => api<Announcement[]>(`/api/announcements/${encodeURIComponent(clientId)}`, { query: { locale }, signal }),
  });

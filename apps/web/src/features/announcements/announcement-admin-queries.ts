import { queryOptions } from '@tanstack/react-query';
import type { AdminAnnouncement, AnnouncementRequest } from '@portal/schema/announcements';
import { api } from '../../shared/api/api-client.ts';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/* The administrator's calls, apart from the banner's query (announcement-queries.ts), which every signed-in first load carries. */

const base = (siteId: string) => `/api/admin/site/${encodeURIComponent(siteId)}/announcements`;

/** GET /api/admin/site/{siteId}/announcements: every announcement of the site, for its administrators. */
export const siteAnnouncementsQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: queryKeys.announcements.site(siteId),
    queryFn: ({ signal }) => api<AdminAnnouncement[]>(base(siteId), { signal }),
  });

export const useSaveAnnouncement = (siteId: string) =>
  useRefreshingMutation(queryKeys.announcements.all, ({ id, request }: { id: string | null; request: AnnouncementRequest }) =>
    id
      ? api<AdminAnnouncement>(`${base(siteId)}/${encodeURIComponent(id)}`, { method: 'PUT', body: request })
      : api<AdminAnnouncement>(base(siteId), { method: 'POST', body: request }),
  );

export const useDeleteAnnouncement = (siteId: string) =>
  useRefreshingMutation(queryKeys.announcements.all, (id: string) =>
    api<null>(`${base(siteId)}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  );

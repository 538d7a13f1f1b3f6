import { queryOptions } from '@tanstack/react-query';
import type { Inbox } from '@portal/schema/support';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/* The header's inbox badge reads this on every signed-in first load: a file of its own keeps the rest of support's
   calls (support-queries.ts) in the pages that use them. */

/** GET /api/me/inbox?locale: messages and the unread count the header's badge shows. */
export const inboxQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: queryKeys.support.inbox(locale),
    queryFn: ({ signal }) => api<Inbox>('/api/me/inbox', { query: { locale }, signal }),
  });

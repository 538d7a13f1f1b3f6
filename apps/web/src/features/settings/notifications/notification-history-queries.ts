import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationDelivery } from '@portal/schema/settings';
import { api } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

/** GET /api/me/notification-history: what was sent to the customer, on which channel, to whom and when. */
export const notificationHistoryQueryOptions = queryOptions({
  queryKey: queryKeys.me.notificationHistory(),
  queryFn: () => api<NotificationDelivery[]>('/api/me/notification-history'),
});

export const useNotificationHistory = () => useQuery(notificationHistoryQueryOptions);

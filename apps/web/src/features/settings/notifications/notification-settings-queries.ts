import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation.ts';
import type {
  CreateNotificationSettingRequest,
  NotificationSetting,
  NotificationSubject,
  NotificationUpdate,
} from '@portal/schema/settings';
import { api } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

/** GET /api/me/notification-subjects (spec §7). */
export const notificationSubjectsQueryOptions = queryOptions({
  queryKey: queryKeys.me.notificationSubjects(),
  queryFn: () => api<NotificationSubject[]>('/api/me/notification-subjects'),
});

/** GET /api/me/notification-settings (spec §7), every subject. */
export const notificationSettingsQueryOptions = queryOptions({
  queryKey: queryKeys.me.notificationSettings(),
  queryFn: () => api<NotificationSetting[]>('/api/me/notification-settings'),
});

export const useNotificationSubjects = () => useQuery(notificationSubjectsQueryOptions);
export const useNotificationSettings = () => useQuery(notificationSettingsQueryOptions);

/** POST /api/me/notification-settings: a channel for a subject. */
export function createNotificationSetting(body: CreateNotificationSettingRequest): Promise<NotificationSetting> {
  return api<NotificationSetting>('/api/me/notification-settings', { method: 'POST', body });
}

/** PUT /api/me/notification-settings/{id}: the notification update of spec §3. */
export function updateNotificationSetting({ id, ...body }: NotificationUpdate & { id: number }): Promise<NotificationSetting> {
  return api<NotificationSetting>(`/api/me/notification-settings/${id}`, { method: 'PUT', body });
}

export function useCreateNotificationSetting() {
  return useRefreshingMutation(queryKeys.me.notificationSettings(), createNotificationSetting);
}

export function useUpdateNotificationSetting() {
  return useRefreshingMutation(queryKeys.me.notificationSettings(), updateNotificationSetting);
}

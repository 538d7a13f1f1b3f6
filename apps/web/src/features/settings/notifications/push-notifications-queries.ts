import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation.ts';
import type { CustomerPushInfo, PushConfiguration } from '@portal/schema/push-notifications';
import { api } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

/** GET /api/notifications/configuration (spec §7): the app config and the VAPID key to subscribe with. */
export const pushConfigurationQueryOptions = queryOptions({
  queryKey: queryKeys.me.pushConfiguration(),
  queryFn: () => api<PushConfiguration>('/api/notifications/configuration'),
  staleTime: Infinity,
});

/** GET /api/notifications/customer-info (spec §7): enabled, providerEnabled. */
export const pushCustomerInfoQueryOptions = queryOptions({
  queryKey: queryKeys.me.pushCustomerInfo(),
  queryFn: () => api<CustomerPushInfo>('/api/notifications/customer-info'),
});

export const usePushConfiguration = ({ enabled }: { enabled: boolean }) => useQuery({ ...pushConfigurationQueryOptions, enabled });
export const usePushCustomerInfo = () => useQuery(pushCustomerInfoQueryOptions);

/** POST /api/notifications/set-token (spec §3 push token payload): token, enabled. */
export function setPushToken(body: { token: string; enabled: boolean }): Promise<{ enabled: boolean }> {
  return api<{ enabled: boolean }>('/api/notifications/set-token', { method: 'POST', body });
}

export function useSetPushToken() {
  return useRefreshingMutation(queryKeys.me.pushCustomerInfo(), setPushToken);
}

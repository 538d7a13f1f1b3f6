import type { QueryClient } from '@tanstack/react-query';
import { fetchPushToken, rememberToken, storedToken, tokenIsStale } from '../../../shared/push/push-subscription.ts';
import { pushConfigurationQueryOptions, setPushToken } from './push-notifications-queries.ts';

/**
 * Spec §4: the registration token is refreshed after 7 days. A browser that sent its token more than the refresh
 * period ago subscribes anew, tells the server to forget the old token and sends the new one. Failures give no token
 * and say nothing (spec §8). `isCancelled` is asked between the steps: the customer may have left meanwhile.
 */
export async function renewStalePushToken(owner: string, queryClient: QueryClient, isCancelled: () => boolean): Promise<void> {
  const stored = storedToken(owner);
  if (!stored) return;
  const configuration = await queryClient.fetchQuery(pushConfigurationQueryOptions).catch(() => null);
  if (!configuration || isCancelled() || !tokenIsStale(stored, configuration.appConfig.tokenRefreshDays)) return;
  const token = await fetchPushToken(configuration.vapidKey, { renew: true });
  if (!token || isCancelled()) return;
  await setPushToken({ token: stored.token, enabled: false }).catch(() => {});
  await setPushToken({ token, enabled: true })
    .then(() => rememberToken(owner, token))
    .catch(() => {});
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchPushToken, pushPermission, rememberToken, storedToken, tokenIsStale } from '../../../shared/push/push-subscription.ts';
import { pushConfigurationQueryOptions, setPushToken } from './push-notifications-queries.ts';

/**
 * Spec §4: the registration token is refreshed after 7 days. Rendered by the shell while a customer of a site with
 * push is signed in: a browser that sent its token more than the refresh period ago, and still has permission,
 * subscribes anew and sends the new token. Failures give no token and say nothing (spec §8).
 */
export function PushTokenRefresh({ owner }: { owner: string }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stored = storedToken(owner);
    if (!stored || pushPermission() !== 'granted') return;
    let cancelled = false;
    void (async () => {
      const configuration = await queryClient.fetchQuery(pushConfigurationQueryOptions).catch(() => null);
      if (!configuration || cancelled || !tokenIsStale(stored, configuration.appConfig.tokenRefreshDays)) return;
      const token = await fetchPushToken(configuration.vapidKey, { renew: true });
      if (!token || cancelled) return;
      await setPushToken({ token: stored.token, enabled: false }).catch(() => {});
      await setPushToken({ token, enabled: true })
        .then(() => rememberToken(owner, token))
        .catch(() => {});
    })();
    return () => {
      cancelled = true;
    };
  }, [owner, queryClient]);
  return null;
}

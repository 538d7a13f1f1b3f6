import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { pushPermission } from '../../../shared/push/push-permission.ts';

/**
 * Rendered by the shell while a customer of a site with push is signed in: refreshes a stale registration token
 * (spec §4, push-token-renewal.ts). Only a browser that granted push permission loads the renewal's code, so every
 * other first load goes without it (decision 105).
 */
export function PushTokenRefresh({ owner }: { owner: string }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (pushPermission() !== 'granted') return;
    let cancelled = false;
    void import('./push-token-renewal.ts')
      .then(({ renewStalePushToken }) => renewStalePushToken(owner, queryClient, () => cancelled))
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [owner, queryClient]);
  return null;
}

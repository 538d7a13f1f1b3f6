/* Asked on every signed-in first load (push-token-refresh.tsx): a file of its own, apart from the subscription's code. */

export type PushPermission = 'default' | 'granted' | 'denied' | 'unsupported';

/** The four states a person can be in: the three of spec §4, and a browser with no Web Push at all. */
export function pushPermission(): PushPermission {
  if (typeof window === 'undefined' || !('Notification' in window) || !('serviceWorker' in navigator) || !('PushManager' in window)) {
    return 'unsupported';
  }
  return Notification.permission;
}

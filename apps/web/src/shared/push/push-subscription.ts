/*
 * The browser's side of Web Push (spec §4 push permission and token refresh, §8 silent failures; docs/decisions/041):
 * the permission state, the service worker's push subscription (the "token" the server keeps), and when it was last
 * sent, so it is sent again after the refresh period. Loaded by the settings' push tab and, where permission was
 * granted, by the token refresh (push-token-refresh.tsx): not by every first load.
 */
import { pushPermission } from './push-permission.ts';
import { serviceWorker } from './service-worker.ts';

/** VAPID keys travel as base64url; the browser wants the bytes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
}

const sameKey = (subscription: PushSubscription, vapidKey: string) => {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const wanted = keyBytes(vapidKey);
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
};

/** Where the last token sent to the server is remembered, with when, per site (origin) and customer. */
const storageKey = (owner: string) => `push-token:${owner}`;
type StoredToken = { token: string; sentAt: string };

export function storedToken(owner: string): StoredToken | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(storageKey(owner)) ?? 'null') as Partial<StoredToken> | null;
    return parsed && typeof parsed.token === 'string' && typeof parsed.sentAt === 'string' ? (parsed as StoredToken) : null;
  } catch {
    return null;
  }
}

export function rememberToken(owner: string, token: string | null, now = new Date()): void {
  if (token) localStorage.setItem(storageKey(owner), JSON.stringify({ token, sentAt: now.toISOString() } satisfies StoredToken));
  else localStorage.removeItem(storageKey(owner));
}

/** Spec §4 and §9: a token sent more than this many days ago is fetched and sent again. */
export function tokenIsStale(stored: StoredToken, refreshDays: number, now = new Date()): boolean {
  return now.getTime() - new Date(stored.sentAt).getTime() > refreshDays * 24 * 60 * 60 * 1000;
}

/**
 * This browser's token (the JSON of its push subscription), asking for permission when it has not been asked. Spec
 * §4: a token is fetched only when permission is granted. Spec §8: an unsupported browser, a refused permission or
 * a failing push service give no token (null), silently.
 */
export async function fetchPushToken(vapidKey: string, { renew = false } = {}): Promise<string | null> {
  try {
    if (pushPermission() === 'unsupported') return null;
    const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
    if (permission !== 'granted') return null;
    const worker = await serviceWorker();
    let subscription = await worker.pushManager.getSubscription();
    if (subscription && (renew || !sameKey(subscription, vapidKey))) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(vapidKey) });
    return JSON.stringify(subscription.toJSON());
  } catch {
    return null;
  }
}

/** Ends this browser's subscription; its last token, for the server to forget, or null when there was none. */
export async function dropPushToken(): Promise<string | null> {
  try {
    if (pushPermission() === 'unsupported') return null;
    const subscription = await (await serviceWorker()).pushManager.getSubscription();
    if (!subscription) return null;
    const token = JSON.stringify(subscription.toJSON());
    await subscription.unsubscribe();
    return token;
  } catch {
    return null;
  }
}

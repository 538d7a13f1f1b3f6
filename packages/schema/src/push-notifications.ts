import { z } from 'zod';

/*
 * Spec §3 push configuration, customer push info and push token payload; spec §7 GET /api/notifications/configuration,
 * GET /api/notifications/customer-info, POST /api/notifications/set-token (docs/decisions/041-web-push.md).
 */

/** What the browser needs to subscribe: the site's app (name, icons for the notifications) and the VAPID key. */
export const pushConfiguration = z
  .object({
    appConfig: z.object({
      /** The site's name as notifications and the installed app show it. */
      appName: z.string(),
      icon: z.string(),
      badge: z.string().nullable(),
      /** Spec §9: a registration token is refreshed after this many days. */
      tokenRefreshDays: z.number().int(),
    }),
    /** The installation's VAPID public key: an uncompressed P-256 point, base64url (applicationServerKey). */
    vapidKey: z.string(),
  })
  .meta({ id: 'PushConfiguration' });
export type PushConfiguration = z.infer<typeof pushConfiguration>;

/** Customer push info: whether this person gets the acting customer's alerts by push, and whether the site can send. */
export const customerPushInfo = z
  .object({
    /** At least one of this person's browsers is registered, and switched on, for the acting customer's alerts. */
    enabled: z.boolean(),
    /** The site offers push notifications and the server can send them. */
    providerEnabled: z.boolean(),
  })
  .meta({ id: 'CustomerPushInfo' });
export type CustomerPushInfo = z.infer<typeof customerPushInfo>;

const base64url = (name: string, bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${name} must be base64url`)
    // Without padding, n bytes take ceil(4n / 3) characters.
    .refine((value) => value.replace(/=+$/, '').length === Math.ceil((4 * bytes) / 3), `${name} must be ${bytes} bytes`);

/** A browser's PushSubscription as `toJSON()` gives it: the push service's address and the keys to encrypt for. */
export const pushSubscriptionJson = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'token.endpoint must be an http(s) URL' }).max(1024),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url('token.keys.p256dh', 65), auth: base64url('token.keys.auth', 16) }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionJson>;

/**
 * Spec §3 push token payload. With standard Web Push the "token" is the browser's subscription, sent as the JSON text
 * of `PushSubscription.toJSON()`; `enabled: false` switches that browser off (and forgets it).
 */
export const setPushTokenRequest = z
  .object({
    token: z
      .string()
      .max(4096)
      .transform((text, context) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          context.addIssue({ code: 'custom', message: 'token must be the JSON of a PushSubscription' });
          return z.NEVER;
        }
      })
      .pipe(pushSubscriptionJson),
    enabled: z.boolean(),
  })
  .meta({ id: 'SetPushTokenRequest' });
export type SetPushTokenRequest = z.input<typeof setPushTokenRequest>;

/** What a push message carries to the service worker, which shows it (docs/decisions/041-web-push.md). */
export const pushMessage = z.object({
  title: z.string(),
  body: z.string(),
  /** A path of the portal the notification opens when clicked. */
  url: z.string().startsWith('/'),
  /** One notification per tag: a newer one of the same alert replaces the older. */
  tag: z.string(),
  icon: z.string(),
  /** Monochrome, for the status bar; themes without one leave it to the browser. */
  badge: z.string().nullable(),
});
export type PushMessage = z.infer<typeof pushMessage>;

/** Spec §9: the messaging registration token is refreshed after 7 days. */
export const PUSH_TOKEN_REFRESH_DAYS = 7;

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/identity.ts';
import { pushSubscription, vapidKey } from '../../db/schema/notifications.ts';
import { webPushSender } from '../../integrations/push/web-push-sender.ts';
import { isAllowedPushEndpoint } from '../../integrations/push/push-service-hosts.ts';
import { startPushServiceStandIn, type PushServiceStandIn } from '../../test-support/push-service-stand-in.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { installationVapidKeys } from './vapid-keys.ts';

let standIn: PushServiceStandIn;
/** Read when the app is built, after the stand-in listens: its host:port is allowed as an operator allows theirs. */
const overrides: Record<string, string> = {};
beforeAll(async () => {
  standIn = await startPushServiceStandIn();
  overrides.PUSH_SERVICE_HOSTS = `fcm.googleapis.com,*.push.apple.com,${standIn.host}`;
});
afterAll(() => standIn.close());

describe('web push calls', () => {
  const ctx = useTestApp(overrides);
  const call = (cookie: string, method: 'GET' | 'POST', url: string, body?: unknown, host: string = HOSTS.lumo) =>
    ctx.app.inject({
      method,
      url,
      headers: {
        host,
        cookie,
        'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  const tokenOf = (subscription: { endpoint: string; keys: object }) =>
    JSON.stringify({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys });

  it('answers the configuration with the installation’s VAPID key, made once and kept in the database', async () => {
    const aino = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const first = await call(aino, 'GET', '/api/notifications/configuration');
    expect(first.statusCode).toBe(200);
    const configuration = first.json<{ vapidKey: string; appConfig: Record<string, unknown> }>();
    expect(Buffer.from(configuration.vapidKey, 'base64url')).toHaveLength(65);
    expect(configuration.appConfig).toEqual({
      appName: 'Oma Lumo',
      icon: '/themes/aurora/notification-icon.png',
      badge: '/themes/aurora/notification-badge.png',
      tokenRefreshDays: 7,
    });
    // Another server copy on the same database signs with the same key; racing copies make one row.
    const copies = await Promise.all([installationVapidKeys(ctx.database.db).get(), installationVapidKeys(ctx.database.db).get()]);
    expect(copies.map((keys) => keys.publicKey)).toEqual([configuration.vapidKey, configuration.vapidKey]);
    expect(await ctx.database.db.select().from(vapidKey)).toHaveLength(1);
  });

  it('registers a browser for the acting customer, says so in customer-info, and forgets it when switched off', async () => {
    const aino = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const mikko = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    expect((await call(aino, 'GET', '/api/notifications/customer-info')).json()).toEqual({ enabled: false, providerEnabled: true });
    const browser = standIn.subscribe();
    const saved = await call(aino, 'POST', '/api/notifications/set-token', { token: tokenOf(browser), enabled: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(aino, 'GET', '/api/notifications/customer-info')).json()).toEqual({ enabled: true, providerEnabled: true });
    expect((await call(mikko, 'GET', '/api/notifications/customer-info')).json()).toEqual({ enabled: false, providerEnabled: true });
    const [row] = await ctx.database.db.select().from(pushSubscription).where(eq(pushSubscription.endpoint, browser.endpoint));
    expect(row).toMatchObject({ device: 'Chrome on Android', p256dh: browser.keys.p256dh, auth: browser.keys.auth });

    // Mikko cannot switch off Aino's browser by naming its endpoint.
    await call(mikko, 'POST', '/api/notifications/set-token', { token: tokenOf(browser), enabled: false });
    expect((await call(aino, 'GET', '/api/notifications/customer-info')).json()).toMatchObject({ enabled: true });
    await call(aino, 'POST', '/api/notifications/set-token', { token: tokenOf(browser), enabled: false });
    expect((await call(aino, 'GET', '/api/notifications/customer-info')).json()).toMatchObject({ enabled: false });
  });

  it('refuses tokens that are not subscriptions of a browser push service, with a clear 400 and nothing written', async () => {
    const aino = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const before = await ctx.database.db.select().from(pushSubscription);
    const notJson = await call(aino, 'POST', '/api/notifications/set-token', { token: 'fcm-token-abc', enabled: true });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toMatch(/token must be the JSON of a PushSubscription/);
    const shortKey = await call(aino, 'POST', '/api/notifications/set-token', {
      token: JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'AAAA', auth: 'BBBB' } }),
      enabled: true,
    });
    expect(shortKey.statusCode).toBe(400);
    expect(shortKey.json().message).toMatch(/p256dh must be 65 bytes/);
    const inside = standIn.subscribe();
    const internal = await call(aino, 'POST', '/api/notifications/set-token', {
      token: tokenOf({ ...inside, endpoint: 'http://169.254.169.254/latest/meta-data' }),
      enabled: true,
    });
    expect(internal.json()).toMatchObject({ statusCode: 400, code: 'PUSH_SERVICE_NOT_ALLOWED' });
    // An allowed push service's host on a port of someone else's choosing (issue 25) is no push service.
    const otherPort = await call(aino, 'POST', '/api/notifications/set-token', {
      token: tokenOf({ ...inside, endpoint: 'https://fcm.googleapis.com:22/x' }),
      enabled: true,
    });
    expect(otherPort.json()).toMatchObject({ statusCode: 400, code: 'PUSH_SERVICE_NOT_ALLOWED' });
    expect(await ctx.database.db.select().from(pushSubscription)).toEqual(before);
  });

  it("does not let staff acting for a customer receive the customer's alerts, and audits the attempt", async () => {
    const staff = await sessionCookieFor(ctx.database.db, PEOPLE.sannaStaff, 'lumo', 'cs-representative-code=LUMO-100001');
    const refused = await call(staff, 'POST', '/api/notifications/set-token', { token: tokenOf(standIn.subscribe()), enabled: true });
    expect(refused.json()).toMatchObject({ statusCode: 422, code: 'PUSH_NOT_FOR_STAFF' });
    expect((await call(staff, 'GET', '/api/notifications/customer-info')).json()).toEqual({ enabled: false, providerEnabled: false });
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'POST /api/notifications/set-token'), eq(auditLog.outcome, '422')));
    expect(entries).toHaveLength(1);
  });

  it('exists only where the site offers push notifications', async () => {
    const jaan = await sessionCookieFor(ctx.database.db, PEOPLE.jaan, 'virmalise');
    const response = await call(jaan, 'GET', '/api/notifications/configuration', undefined, HOSTS.virmalise);
    expect(response.json()).toMatchObject({ statusCode: 404, code: 'FEATURE_DISABLED' });
  });
});

describe('web push delivery', () => {
  it('signs with VAPID and encrypts for the browser (RFC 8291 aes128gcm): the browser reads the payload', async () => {
    const keys = await import('web-push').then((module) => module.default.generateVAPIDKeys());
    const browser = standIn.subscribe();
    const sender = webPushSender([standIn.host]);
    const arrived = standIn.nextMessage();
    const payload = JSON.stringify({ title: 'Huomisen pörssisähkö', body: 'Yli 15 c/kWh klo 08–09', url: '/dashboard' });
    const outcome = await sender.send(
      browser,
      payload,
      { ...keys, subject: 'mailto:no-reply@portal.example' },
      { ttlSeconds: 3600, urgency: 'high' },
    );
    expect(outcome).toBe('delivered');
    const message = await arrived;
    expect(message.payload).toBe(payload);
    expect(message.headers).toMatchObject({ ttl: '3600', urgency: 'high' });
    expect(message.vapid).toMatchObject({ aud: standIn.origin, sub: 'mailto:no-reply@portal.example', publicKey: keys.publicKey });
  });

  it('reports a subscription the push service no longer has, retries on its failures, and never sends elsewhere', async () => {
    const keys = await import('web-push').then((module) => module.default.generateVAPIDKeys());
    const vapid = { ...keys, subject: 'mailto:no-reply@portal.example' };
    const options = { ttlSeconds: 60, urgency: 'normal' as const };
    const browser = standIn.subscribe();
    const sender = webPushSender([standIn.host]);
    standIn.answerWith(410);
    expect(await sender.send(browser, '{}', vapid, options)).toBe('gone');
    standIn.answerWith(503);
    await expect(sender.send(browser, '{}', vapid, options)).rejects.toThrow(/503; retrying later/);
    standIn.answerWith(403);
    await expect(sender.send(browser, '{}', vapid, options)).rejects.toThrow(/refused the message with 403/);
    await expect(webPushSender(['fcm.googleapis.com']).send(browser, '{}', vapid, options)).rejects.toThrow(/not an allowed push service/);
  });

  it('allows only the listed push services on their own port, https unless a port is named', () => {
    const hosts = ['fcm.googleapis.com', '*.push.apple.com', '127.0.0.1:4000'];
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(true);
    expect(isAllowedPushEndpoint('https://web.push.apple.com/QGx', hosts)).toBe(true);
    expect(isAllowedPushEndpoint('https://push.apple.com.evil.example/x', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('http://fcm.googleapis.com/fcm/send/abc', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('http://127.0.0.1:4000/push/x', hosts)).toBe(true);
    expect(isAllowedPushEndpoint('http://127.0.0.1:4001/push/x', hosts)).toBe(false);
    // The push services' own port only: 443, written or not.
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com:443/fcm/send/abc', hosts)).toBe(true);
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com:22/x', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('https://web.push.apple.com:8443/QGx', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('https://someone:secret@fcm.googleapis.com/fcm/send/abc', hosts)).toBe(false);
    expect(isAllowedPushEndpoint('not a url', hosts)).toBe(false);
  });
});

import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/identity.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';

describe('notification settings', () => {
  const ctx = useTestApp();
  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, host: string = HOSTS.lumo) =>
    ctx.app.inject({
      method,
      url,
      headers: { host, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });

  it('offers the subjects the site has data for', async () => {
    const aino = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const subjects = (await call(aino, 'GET', '/api/me/notification-subjects')).json();
    expect(subjects).toContainEqual({ subject: 'DAILY_CONSUMPTION', thresholdUnit: 'kWh' });
    expect(subjects.map((entry: { subject: string }) => entry.subject)).toContain('INVOICE_DUE');
  });

  it('creates a setting with thresholds and e-mail contacts (ids as strings become integers), then updates it', async () => {
    const aino = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const contacts = (
      await call(aino, 'PUT', '/api/me/contacts', {
        contacts: [
          { name: '', method: 'Email', value: 'aino@example.fi', primary: true },
          { name: '', method: 'Gsm', value: '0401234567', primary: true },
        ],
      })
    ).json<{ id: number; method: string }[]>();
    const email = contacts.find((item) => item.method === 'Email')!;
    const gsm = contacts.find((item) => item.method === 'Gsm')!;
    const created = await call(aino, 'POST', '/api/me/notification-settings', {
      subject: 'DAILY_CONSUMPTION',
      channel: 'Email',
      enabled: true,
      threshold: { lower: null, upper: 42.5 },
      contactsIds: [String(email.id)],
    });
    expect(created.statusCode).toBe(201);
    const setting = created.json();
    expect(setting).toMatchObject({ channel: 'Email', threshold: { lower: null, upper: 42.5 }, contactsIds: [email.id] });

    const again = await call(aino, 'POST', '/api/me/notification-settings', { ...setting, id: undefined });
    expect(again.json()).toMatchObject({ statusCode: 422, code: 'NOTIFICATION_SETTING_EXISTS' });

    const updated = await call(aino, 'PUT', `/api/me/notification-settings/${setting.id}`, {
      enabled: false,
      threshold: { lower: 1, upper: 30 },
      contactsIds: [email.id],
    });
    expect(updated.json()).toMatchObject({ enabled: false, threshold: { lower: 1, upper: 30 } });
    const filtered = (await call(aino, 'GET', '/api/me/notification-settings?filter=DAILY_CONSUMPTION')).json();
    expect(filtered).toEqual([updated.json()]);
    expect((await call(aino, 'GET', '/api/me/notification-settings?filter=INVOICE_DUE')).json()).toEqual([]);

    // A mobile contact cannot receive e-mail; thresholds must be in order.
    const wrongKind = await call(aino, 'PUT', `/api/me/notification-settings/${setting.id}`, {
      enabled: true,
      threshold: null,
      contactsIds: [gsm.id],
    });
    expect(wrongKind.json()).toMatchObject({ statusCode: 400, code: 'NOTIFICATION_CONTACT_INVALID' });
    const backwards = await call(aino, 'PUT', `/api/me/notification-settings/${setting.id}`, {
      enabled: true,
      threshold: { lower: 50, upper: 10 },
      contactsIds: [],
    });
    expect(backwards.json().issues[0]).toMatchObject({ path: 'body.threshold.upper' });

    // Leaving the e-mail contact out of the saved list takes it out of the setting too.
    await call(aino, 'PUT', '/api/me/contacts', {
      contacts: [{ id: gsm.id, name: '', method: 'Gsm', value: '0401234567', primary: true }],
    });
    const [after] = (await call(aino, 'GET', '/api/me/notification-settings')).json<{ contactsIds: number[] }[]>();
    expect(after!.contactsIds).toEqual([]);
    // Put back for the next test, which borrows Aino's contact ids.
    await call(aino, 'PUT', `/api/me/contacts`, {
      contacts: [
        { id: gsm.id, name: '', method: 'Gsm', value: '0401234567', primary: true },
        { name: '', method: 'Email', value: 'aino@example.fi', primary: true },
      ],
    });
    const readded = (await call(aino, 'GET', '/api/me/contacts')).json<{ id: number; method: string }[]>();
    await call(aino, 'PUT', `/api/me/notification-settings/${setting.id}`, {
      enabled: false,
      threshold: { lower: 1, upper: 30 },
      contactsIds: [readded.find((item) => item.method === 'Email')!.id],
    });
  });

  it('refuses what the site does not offer: push without the feature, thresholds on a subject without them', async () => {
    // Virmalise offers no push notifications.
    const jaan = await sessionCookieFor(ctx.database.db, PEOPLE.jaan, 'virmalise');
    const push = await call(
      jaan,
      'POST',
      '/api/me/notification-settings',
      { subject: 'INVOICE_DUE', channel: 'PushNotification', enabled: true, threshold: null, contactsIds: [] },
      HOSTS.virmalise,
    );
    expect(push.json().code).toBe('NOTIFICATION_CHANNEL_NOT_OFFERED');
    const threshold = await call(
      jaan,
      'POST',
      '/api/me/notification-settings',
      { subject: 'INVOICE_DUE', channel: 'Post', enabled: true, threshold: { lower: 1, upper: 2 }, contactsIds: [] },
      HOSTS.virmalise,
    );
    expect(threshold.json().code).toBe('NOTIFICATION_THRESHOLD_NOT_ALLOWED');
    expect((await call(jaan, 'GET', '/api/me/notification-settings', undefined, HOSTS.virmalise)).json()).toEqual([]);
  });

  it("keeps customers apart: B neither reads nor changes A's setting, nor names A's contacts", async () => {
    const aino = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const mikko = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    const [ainos] = (await call(aino, 'GET', '/api/me/notification-settings')).json<{ id: number; contactsIds: number[] }[]>();
    const change = await call(mikko, 'PUT', `/api/me/notification-settings/${ainos!.id}`, {
      enabled: true,
      threshold: null,
      contactsIds: [],
    });
    expect(change.statusCode).toBe(404);
    const borrowed = await call(mikko, 'POST', '/api/me/notification-settings', {
      subject: 'DAILY_CONSUMPTION',
      channel: 'Email',
      enabled: true,
      threshold: null,
      contactsIds: ainos!.contactsIds,
    });
    expect(borrowed.json().code).toBe('NOTIFICATION_CONTACT_INVALID');
    expect((await call(mikko, 'GET', '/api/me/notification-settings')).json()).toEqual([]);
  });

  it('audits changes staff make while acting for the customer', async () => {
    const staff = await sessionCookieFor(ctx.database.db, PEOPLE.sannaStaff, 'lumo', 'cs-representative-code=LUMO-100002');
    const created = await call(staff, 'POST', '/api/me/notification-settings', {
      subject: 'DAILY_CONSUMPTION',
      channel: 'Post',
      enabled: true,
      threshold: null,
      contactsIds: [],
    });
    expect(created.statusCode).toBe(201);
    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'POST /api/me/notification-settings'), eq(auditLog.outcome, '201')));
    expect(entries).toHaveLength(1);
  });
});

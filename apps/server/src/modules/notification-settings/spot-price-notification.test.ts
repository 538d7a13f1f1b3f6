import { describe, expect, it } from 'vitest';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';

describe('GET/PUT /api/me/notifications: the spot-price alert in the compact form of spec §3', () => {
  const ctx = useTestApp();
  const call = (cookie: string, method: 'GET' | 'PUT', url: string, body?: unknown, host: string = HOSTS.lumo) =>
    ctx.app.inject({
      method,
      url,
      headers: { host, cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });

  it('turns the named contacts (ids as strings become integers) into the e-mail and text-message settings', async () => {
    const mikko = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    expect((await call(mikko, 'GET', '/api/me/notifications')).json()).toEqual({ enabled: false, threshold: null, contactsIds: [] });
    const contacts = (
      await call(mikko, 'PUT', '/api/me/contacts', {
        contacts: [
          { name: '', method: 'Email', value: 'mikko@example.fi', primary: true },
          { name: '', method: 'Gsm', value: '+358501112222', primary: true },
          { name: '', method: 'Phone', value: '+35891234567', primary: true },
        ],
      })
    ).json<{ id: number; method: string }[]>();
    const byMethod = (method: string) => contacts.find((contact) => contact.method === method)!.id;
    const saved = await call(mikko, 'PUT', '/api/me/notifications', {
      enabled: true,
      threshold: { lower: 1.5, upper: 20 },
      contactsIds: [String(byMethod('Email')), byMethod('Gsm')],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      enabled: true,
      threshold: { lower: 1.5, upper: 20 },
      contactsIds: [byMethod('Email'), byMethod('Gsm')].sort((a, b) => a - b),
    });
    const settings = (await call(mikko, 'GET', '/api/me/notification-settings?filter=SPOT_PRICE')).json<{ channel: string }[]>();
    expect(settings.map((setting) => setting.channel).sort()).toEqual(['Email', 'Gsm']);

    // Leaving the mobile number out switches the text messages off; the e-mail stays.
    const fewer = await call(mikko, 'PUT', '/api/me/notifications', { enabled: true, threshold: null, contactsIds: [byMethod('Email')] });
    expect(fewer.json()).toEqual({ enabled: true, threshold: null, contactsIds: [byMethod('Email')] });
    const after = (await call(mikko, 'GET', '/api/me/notification-settings?filter=SPOT_PRICE')).json<
      { channel: string; enabled: boolean }[]
    >();
    expect(after.find((setting) => setting.channel === 'Gsm')).toMatchObject({ enabled: false });

    // A landline takes no alerts, and the body is checked as every notification update is.
    const landline = await call(mikko, 'PUT', '/api/me/notifications', {
      enabled: true,
      threshold: null,
      contactsIds: [byMethod('Phone')],
    });
    expect(landline.json()).toMatchObject({ statusCode: 400, code: 'NOTIFICATION_CONTACT_INVALID' });
    const backwards = await call(mikko, 'PUT', '/api/me/notifications', {
      enabled: true,
      threshold: { lower: 9, upper: 1 },
      contactsIds: [],
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().issues[0]).toMatchObject({ path: 'body.threshold.upper' });
    const notNumber = await call(mikko, 'PUT', '/api/me/notifications', { enabled: true, threshold: null, contactsIds: ['x'] });
    expect(notNumber.statusCode).toBe(400);
    expect((await call(mikko, 'GET', '/api/me/notifications')).json()).toEqual(fewer.json());
  });

  it("keeps customers apart: Aino cannot name Mikko's contacts", async () => {
    const mikko = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    const aino = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const { contactsIds } = (await call(mikko, 'GET', '/api/me/notifications')).json<{ contactsIds: number[] }>();
    const borrowed = await call(aino, 'PUT', '/api/me/notifications', { enabled: true, threshold: null, contactsIds });
    expect(borrowed.json()).toMatchObject({ statusCode: 400, code: 'NOTIFICATION_CONTACT_INVALID' });
    expect((await call(aino, 'GET', '/api/me/notifications')).json()).toEqual({ enabled: false, threshold: null, contactsIds: [] });
  });

  it('exists only where the site offers the spot-price alert', async () => {
    const jaan = await sessionCookieFor(ctx.database.db, PEOPLE.jaan, 'virmalise');
    expect((await call(jaan, 'GET', '/api/me/notifications', undefined, HOSTS.virmalise)).json()).toMatchObject({ statusCode: 404 });
  });
});

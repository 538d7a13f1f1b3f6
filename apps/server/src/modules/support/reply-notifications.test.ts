import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer } from '../../db/schema/identity.ts';
import { notificationAlert, notificationDelivery } from '../../db/schema/notifications.ts';
import { latestOutboxMessage } from '../../integrations/mail/outbox.ts';
import { outboxSmsMessages } from '../../integrations/sms/outbox.ts';
import { startPushServiceStandIn, type PushServiceStandIn } from '../../test-support/push-service-stand-in.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-support-replies-'));
let standIn: PushServiceStandIn;
const overrides: Record<string, string> = { DATA_DIR: dataDir };
beforeAll(async () => {
  standIn = await startPushServiceStandIn();
  overrides.PUSH_SERVICE_HOSTS = `fcm.googleapis.com,${standIn.host}`;
});
afterAll(async () => {
  await standIn.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("a reply reaches the customer by their notification settings and the ticket's channel", () => {
  const ctx = useTestApp(overrides);
  let aino: string;
  let mikko: string;
  let sanna: string;
  let ainoId: string;

  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, host: string = HOSTS.lumo) =>
    ctx.app.inject({
      method,
      url,
      headers: {
        host,
        cookie,
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  const ask = async (cookie: string, body: object) => {
    const sent = await call(cookie, 'POST', '/api/support/send', { name: 'Aino', subtypeCode: 'GENERAL', message: 'Hello', ...body });
    expect(sent.statusCode, sent.body).toBe(201);
    return sent.json().id as string;
  };
  const answer = async (id: string, comment: string) =>
    expect((await call(sanna, 'POST', `/api/staff/support/tickets/${id}/replies`, { comment })).statusCode).toBe(204);
  const deliveriesOf = async (commentBody: string) => {
    const rows = await ctx.database.db
      .select({ channel: notificationDelivery.channel, recipient: notificationDelivery.recipientLabel, body: notificationDelivery.body })
      .from(notificationDelivery)
      .innerJoin(notificationAlert, eq(notificationAlert.id, notificationDelivery.alertId))
      .where(and(eq(notificationAlert.subject, 'SUPPORT_REPLY'), eq(notificationDelivery.customerId, ainoId)));
    return rows.filter((row) => row.channel !== 'Email' || row.body.includes(commentBody));
  };

  beforeAll(async () => {
    const db = ctx.database.db;
    aino = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
    mikko = await sessionCookieFor(db, PEOPLE.mikko, 'lumo');
    sanna = await sessionCookieFor(db, PEOPLE.sannaStaff, 'lumo');
    const [row] = await db.select({ id: customer.id }).from(customer).where(eq(customer.clientCode, 'LUMO-100001'));
    ainoId = row!.id;
    const contacts = await call(aino, 'PUT', '/api/me/contacts', {
      contacts: [
        { name: '', method: 'Email', value: 'aino.support@example.fi', primary: true },
        { name: '', method: 'Gsm', value: '+358401112223', primary: true },
      ],
    });
    expect(contacts.statusCode, contacts.body).toBe(200);
    for (const channel of ['Email', 'Gsm'] as const) {
      const created = await call(aino, 'POST', '/api/me/notification-settings', {
        subject: 'SUPPORT_REPLY',
        channel,
        enabled: true,
        threshold: null,
        contactsIds: [],
      });
      expect(created.statusCode, created.body).toBe(201);
    }
  });

  it('offers the subject where the site has support', async () => {
    const subjects = (await call(aino, 'GET', '/api/me/notification-subjects')).json();
    expect(subjects).toContainEqual({ subject: 'SUPPORT_REPLY', thresholdUnit: null });
    const daugava = await sessionCookieFor(ctx.database.db, 'LV150385-12346', 'daugava');
    const without = (await call(daugava, 'GET', '/api/me/notification-subjects', undefined, HOSTS.daugava)).json();
    expect(without.map((entry: { subject: string }) => entry.subject)).not.toContain('SUPPORT_REPLY');
  });

  it('sends the reply by e-mail and text message as the settings say, and by Web Push as the ticket asked', async () => {
    const browser = standIn.subscribe();
    const registered = await call(aino, 'POST', '/api/notifications/set-token', {
      token: JSON.stringify({ endpoint: browser.endpoint, keys: browser.keys }),
      enabled: true,
    });
    expect(registered.statusCode, registered.body).toBe(200);
    const id = await ask(aino, { channelCode: 'PUSH' });
    const reply = 'Hello Aino,\n\nyour meter was read again on Monday: 41 250 kWh is right. The corrected invoice follows.';
    const arrived = standIn.nextMessage();
    await answer(id, reply);

    expect((await deliveriesOf(reply)).map((row) => [row.channel, row.recipient]).sort()).toEqual([
      ['Email', 'aino.support@example.fi'],
      ['Gsm', '+358401112223'],
      ['PushNotification', 'Chrome on Linux'],
    ]);
    const outcomes = await ctx.app.jobs.runDue();
    expect(outcomes.filter((outcome) => outcome.kind === 'alerts.deliver').map((outcome) => outcome.outcome)).toEqual([
      'done',
      'done',
      'done',
    ]);

    const mail = await latestOutboxMessage(ctx.config.mail.outboxDir, 'aino.support@example.fi');
    expect(mail).toContain('From: Lumo Energia Oy');
    expect(mail).toContain('your meter was read again on Monday');
    expect(mail).toContain('http://lumo.localhost:3000/inbox');
    const sms = await outboxSmsMessages(ctx.config.sms.outboxDir, '+358401112223');
    // In the language the request was written in: Aino's own, Finnish.
    expect(sms.at(-1)?.text).toBe(
      'Lumo Energia Oy vastasi yhteydenottoosi: Asiakaspalvelu on vastannut yhteydenottoosi. Lue vastaus saapuneista viesteistäsi: http://lumo.localhost:3000/inbox',
    );
    expect(sms.at(-1)?.text).not.toContain('41 250');
    const push = JSON.parse((await arrived).payload);
    expect(push).toMatchObject({
      title: 'Lumo Energia Oy vastasi yhteydenottoosi',
      body: 'Hello Aino, your meter was read again on Monday: 41 250 kWh is right. The corrected invoice follows.',
      url: '/inbox',
    });

    const history = (await call(aino, 'GET', '/api/me/notification-history')).json();
    expect(history.filter((entry: { subject: string }) => entry.subject === 'SUPPORT_REPLY')).toEqual(
      expect.arrayContaining([expect.objectContaining({ channel: 'PushNotification', status: 'sent' })]),
    );
  });

  it('writes one message to an address named by both a setting and the ticket, and none when nothing asks for one', async () => {
    const id = await ask(aino, { channelCode: 'EMAIL', email: 'AINO.support@example.fi' });
    await answer(id, 'One e-mail only, please.');
    expect((await deliveriesOf('One e-mail only')).filter((row) => row.channel === 'Email')).toHaveLength(1);

    const alertsBefore = await ctx.database.db.select().from(notificationAlert).where(eq(notificationAlert.subject, 'SUPPORT_REPLY'));
    const phone = await ask(mikko, { channelCode: 'PHONE', phoneNo: { dialCode: '+358', number: '40 555 0101' } });
    await answer(phone, 'We will call you.');
    const alertsAfter = await ctx.database.db.select().from(notificationAlert).where(eq(notificationAlert.subject, 'SUPPORT_REPLY'));
    expect(alertsAfter).toHaveLength(alertsBefore.length);
  });
});

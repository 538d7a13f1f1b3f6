import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { clientLog } from '../db/schema/client-logs.ts';
import { demoIdpPayload } from '../db/schema/demo-idp.ts';
import { feedbackSubmission } from '../db/schema/feedback.ts';
import { auditLog, authSession, authVerificationToken, customer, person } from '../db/schema/identity.ts';
import { notificationAlert, notificationDelivery, pushSubscription } from '../db/schema/notifications.ts';
import { loadCommand } from '../db/schema/power.ts';
import { emailChange } from '../db/schema/settings.ts';
import { inboxMessage, supportAttachment, supportTicket } from '../db/schema/support.ts';
import { seedDemoEnergy } from '../db/seed/demo-energy.ts';
import { seedDemoPower } from '../db/seed/demo-power.ts';
import { loadConfig } from '../config.ts';
import { PEOPLE } from '../test-support/sessions.ts';
import { useTestApp } from '../test-support/test-app.ts';
import { enqueue } from './jobs/enqueue.ts';
import { DEFAULT_RETENTION_DAYS, removeExpiredJob } from './retention.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'retention-'));
const DAY = 24 * 3600 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

describe('the nightly removal of personal data past its retention (docs/decisions/114-retention.md)', () => {
  // One kind shortened by configuration, to show that RETENTION_DAYS is what the job reads.
  const ctx = useTestApp({ DATA_DIR: dataDir, RETENTION_DAYS: 'client-logs=10' });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Enqueues the job due now and runs it as a server copy's runner would. */
  async function runRetention() {
    await enqueue(ctx.database.db, removeExpiredJob, {});
    const outcomes = await ctx.app.jobs.runDue();
    expect(outcomes.filter((outcome) => outcome.kind === removeExpiredJob.kind).map((outcome) => outcome.outcome)).toEqual(['done']);
  }

  it('removes each kind past its days and keeps what is younger, whatever else is in the table', async () => {
    const db = ctx.database.db;
    const [aino] = await db.select({ id: person.id }).from(person).where(eq(person.ssn, PEOPLE.aino));
    const personId = aino!.id;

    await db.insert(clientLog).values([
      { siteId: 'lumo', requestId: 'old-log', level: 'error', message: 'old', createdAt: daysAgo(11) },
      { siteId: 'lumo', requestId: 'young-log', level: 'error', message: 'young', createdAt: daysAgo(9) },
    ]);
    await db.insert(authSession).values([
      { sessionToken: 'ended-long-ago', userId: personId, siteId: 'lumo', expires: daysAgo(31) },
      { sessionToken: 'ended-lately', userId: personId, siteId: 'lumo', expires: daysAgo(29) },
      { sessionToken: 'still-on', userId: personId, siteId: 'lumo', expires: new Date(Date.now() + DAY) },
    ]);
    await db.insert(emailChange).values([
      { personId, siteId: 'lumo', newEmail: 'used@example.fi', tokenHash: 'used', expiresAt: daysAgo(7), usedAt: daysAgo(8) },
      { personId, siteId: 'lumo', newEmail: 'expired@example.fi', tokenHash: 'expired', expiresAt: daysAgo(8) },
      { personId, siteId: 'lumo', newEmail: 'waiting@example.fi', tokenHash: 'waiting', expiresAt: new Date(Date.now() + DAY) },
    ]);
    await db.insert(authVerificationToken).values([
      { identifier: 'aino@example.fi', token: 'old', expires: daysAgo(8) },
      { identifier: 'aino@example.fi', token: 'new', expires: new Date(Date.now() + DAY) },
    ]);
    await db.insert(demoIdpPayload).values([
      { model: 'Session', id: 'expired', payload: {}, expiresAt: daysAgo(2) },
      { model: 'Session', id: 'current', payload: {}, expiresAt: new Date(Date.now() + 3600 * 1000) },
    ]);
    const line = { siteId: 'lumo', outcome: 'ok', requestId: 'r', customerId: null, personId };
    await db.insert(auditLog).values([
      { ...line, action: 'staff read old', actorRole: 'customer-service', dataArea: 'invoices', createdAt: daysAgo(731) },
      { ...line, action: 'staff read young', actorRole: 'customer-service', dataArea: 'invoices', createdAt: daysAgo(729) },
      // A change is the site's history, not a read: kept whatever its age.
      { ...line, action: 'site change', actorRole: 'site-admin', before: { a: 1 }, after: { a: 2 }, createdAt: daysAgo(3000) },
    ]);
    const [closed, open] = await db
      .select({ id: supportTicket.id, siteId: supportTicket.siteId })
      .from(supportTicket)
      .orderBy(supportTicket.id);
    await db
      .update(supportTicket)
      .set({ status: 'TS4', updatedAt: daysAgo(1096) })
      .where(eq(supportTicket.id, closed!.id));
    await db
      .update(supportTicket)
      .set({ updatedAt: daysAgo(2000) })
      .where(eq(supportTicket.id, open!.id));
    const file = { fileName: 'meter.pdf', contentType: 'application/pdf' as const, sizeBytes: 4, content: Buffer.from('%PDF') };
    await db.insert(supportAttachment).values([
      { ...file, siteId: closed!.siteId, ticketId: closed!.id },
      { ...file, siteId: open!.siteId, ticketId: open!.id },
    ]);
    const outbox = join(dataDir, 'outbox');
    mkdirSync(join(outbox, 'sms'), { recursive: true });
    for (const [name, age] of [
      ['old.eml', 31],
      ['new.eml', 29],
      ['sms/old.txt', 31],
    ] as const) {
      writeFileSync(join(outbox, name), 'message');
      utimesSync(join(outbox, name), daysAgo(age), daysAgo(age));
    }

    await runRetention();

    expect((await db.select({ id: clientLog.requestId }).from(clientLog)).map((row) => row.id)).toEqual(['young-log']);
    expect((await db.select({ token: authSession.sessionToken }).from(authSession)).map((row) => row.token).sort()).toEqual([
      'ended-lately',
      'still-on',
    ]);
    expect((await db.select({ hash: emailChange.tokenHash }).from(emailChange)).map((row) => row.hash)).toEqual(['waiting']);
    expect((await db.select({ token: authVerificationToken.token }).from(authVerificationToken)).map((row) => row.token)).toEqual(['new']);
    expect(
      (await db.select({ id: demoIdpPayload.id }).from(demoIdpPayload).where(eq(demoIdpPayload.model, 'Session'))).map((row) => row.id),
    ).toEqual(['current']);
    const lines = await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.requestId, 'r'));
    expect(lines.map((row) => row.action).sort()).toEqual(['site change', 'staff read young']);
    expect((await db.select({ ticketId: supportAttachment.ticketId }).from(supportAttachment)).map((row) => row.ticketId)).toEqual([
      open!.id,
    ]);
    expect(readdirSync(outbox).filter((name) => name.endsWith('.eml'))).toEqual(['new.eml']);
    expect(readdirSync(join(outbox, 'sms'))).toEqual([]);

    // Closed lately, the request's files stay until three years after its closing.
    await db
      .update(supportTicket)
      .set({ status: 'TS3', updatedAt: daysAgo(100) })
      .where(eq(supportTicket.id, open!.id));
    await runRetention();
    expect(await db.$count(supportAttachment, eq(supportAttachment.ticketId, open!.id))).toBe(1);
  });

  it('removes alerts sent, ended meter commands, survey answers, inbox messages and stale push subscriptions past their days', async () => {
    const db = ctx.database.db;
    await seedDemoEnergy(db, { historyDays: 1, clientCodes: ['LUMO-100001'] });
    await seedDemoPower(db);
    const [aino] = await db.select({ id: person.id }).from(person).where(eq(person.ssn, PEOPLE.aino));
    const [home] = await db
      .select({ customerId: customer.id })
      .from(customer)
      .where(sql`${customer.siteId} = 'lumo' and ${customer.clientCode} = 'LUMO-100001'`);
    const owner = { siteId: 'lumo', customerId: home!.customerId };

    const alerts = await db
      .insert(notificationAlert)
      .values(
        (
          [
            ['sent-long-ago', 731],
            ['queued-long-ago', 731],
            ['sent-lately', 729],
          ] as const
        ).map(([alertKey, age]) => ({ ...owner, subject: 'INVOICE_DUE' as const, alertKey, facts: {}, createdAt: daysAgo(age) })),
      )
      .returning({ id: notificationAlert.id, alertKey: notificationAlert.alertKey });
    const message = {
      ...owner,
      channel: 'Email' as const,
      recipient: 'aino@example.fi',
      recipientLabel: 'aino@example.fi',
      title: 't',
      body: 'b',
      url: '/',
    };
    await db
      .insert(notificationDelivery)
      .values(
        alerts.map(({ id, alertKey }) =>
          alertKey === 'queued-long-ago'
            ? { ...message, alertId: id }
            : { ...message, alertId: id, status: 'sent' as const, sentAt: daysAgo(700) },
        ),
      );

    const command = {
      ...owner,
      objectId: 'obj-lumo-aino-home',
      meteringPointId: 'mp-lumo-aino-el',
      target: 'readings' as const,
      action: 'read-now' as const,
      origin: 'customer' as const,
      expiresAt: daysAgo(300),
    };
    await db.insert(loadCommand).values([
      { ...command, id: 'confirmed-long-ago', targetKey: 'readings-1', status: 'confirmed', requestedAt: daysAgo(366) },
      { ...command, id: 'pending-long-ago', targetKey: 'readings-2', status: 'pending', requestedAt: daysAgo(366) },
      { ...command, id: 'failed-lately', targetKey: 'readings-3', status: 'failed', requestedAt: daysAgo(364) },
    ]);

    const answer = { formId: 'lumo-survey', siteId: 'lumo', personId: aino!.id, rating: 4, openText: 'Clear invoices' };
    await db.insert(feedbackSubmission).values([
      { ...answer, formRefreshedAt: daysAgo(800), createdAt: daysAgo(731) },
      { ...answer, formRefreshedAt: daysAgo(729), createdAt: daysAgo(729) },
    ]);

    const inbox = { ...owner, localeId: 'fi', subjectKey: 'inbox.subject.reply', content: '<p>Hei</p>' };
    await db.insert(inboxMessage).values([
      { ...inbox, id: 'message-long-ago', createdAt: daysAgo(1096) },
      { ...inbox, id: 'message-lately', createdAt: daysAgo(1094) },
    ]);

    const browser = { ...owner, personId: aino!.id, p256dh: 'key', auth: 'secret' };
    await db.insert(pushSubscription).values([
      { ...browser, endpoint: 'https://push.example/unused', refreshedAt: daysAgo(61) },
      { ...browser, endpoint: 'https://push.example/in-use', refreshedAt: daysAgo(59) },
    ]);

    await runRetention();

    const keptAlerts = await db
      .select({ key: notificationAlert.alertKey })
      .from(notificationAlert)
      .where(eq(notificationAlert.customerId, home!.customerId));
    expect(keptAlerts.map((row) => row.key).sort()).toEqual(['queued-long-ago', 'sent-lately']);
    // The deliveries went with their alert.
    expect(await db.$count(notificationDelivery, eq(notificationDelivery.customerId, home!.customerId))).toBe(2);
    expect((await db.select({ id: loadCommand.id }).from(loadCommand)).map((row) => row.id).sort()).toEqual([
      'failed-lately',
      'pending-long-ago',
    ]);
    expect(await db.$count(feedbackSubmission, eq(feedbackSubmission.personId, aino!.id))).toBe(1);
    expect(
      (
        await db
          .select({ id: inboxMessage.id })
          .from(inboxMessage)
          .where(sql`${inboxMessage.id} like 'message-%'`)
      ).map((row) => row.id),
    ).toEqual(['message-lately']);
    expect((await db.select({ endpoint: pushSubscription.endpoint }).from(pushSubscription)).map((row) => row.endpoint)).toEqual([
      'https://push.example/in-use',
    ]);
  });

  it('removes a backlog larger than one batch, in batches', async () => {
    const db = ctx.database.db;
    await db.execute(
      sql`insert into client_log (site_id, request_id, level, message, created_at)
          select 'lumo', 'backlog-' || n, 'info', 'x', now() - interval '400 days' from generate_series(1, 4500) as n`,
    );
    await runRetention();
    expect(await db.$count(clientLog, sql`${clientLog.requestId} like 'backlog-%'`)).toBe(0);
  });
});

describe('RETENTION_DAYS', () => {
  it('changes the named kinds and keeps the defaults of the rest', () => {
    expect(loadConfig({ RETENTION_DAYS: 'client-logs=14, staff-reads=365' }).retentionDays).toEqual({
      ...DEFAULT_RETENTION_DAYS,
      'client-logs': 14,
      'staff-reads': 365,
    });
    expect(loadConfig({}).retentionDays).toEqual(DEFAULT_RETENTION_DAYS);
  });

  it('refuses an unknown kind, a kind named twice and days out of range, naming the pair', () => {
    for (const [value, pair] of [
      ['invoices=30', 'invoices=30'],
      ['client-logs=1,client-logs=2', 'client-logs=2'],
      ['client-logs=0', 'client-logs=0'],
      ['client-logs=9999', 'client-logs=9999'],
      ['client-logs', 'client-logs'],
    ]) {
      expect(() => loadConfig({ RETENTION_DAYS: value }), value).toThrowError(new RegExp(`RETENTION_DAYS[\\s\\S]*"${pair}"`));
    }
  });
});

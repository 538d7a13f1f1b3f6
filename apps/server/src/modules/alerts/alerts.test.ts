import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@portal/schema/calendar-dates';
import { auditLog, customer } from '../../db/schema/identity.ts';
import { contract, spotPrice } from '../../db/schema/energy.ts';
import { invoice } from '../../db/schema/billing.ts';
import { job } from '../../db/schema/jobs.ts';
import { notificationAlert, notificationDelivery, pushSubscription } from '../../db/schema/notifications.ts';
import { seedDemoEnergy } from '../../db/seed/demo-energy.ts';
import { latestOutboxMessage, outboxMailSender } from '../../integrations/mail/outbox.ts';
import { outboxSmsMessages, outboxSmsSender } from '../../integrations/sms/outbox.ts';
import { webPushSender } from '../../integrations/push/web-push-sender.ts';
import { claimDueJobs } from '../../platform/jobs/job-queue.ts';
import { createJobRunner, type JobOutcome, type JobRunner } from '../../platform/jobs/job-runner.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { queryRows, type DatabaseHandle } from '../../platform/database.ts';
import { recordingLogger } from '../../test-support/recording-logger.ts';
import { startPushServiceStandIn, type PushServiceStandIn } from '../../test-support/push-service-stand-in.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { createSiteCache } from '../sites/site-cache.ts';
import { installationVapidKeys } from '../push-notifications/vapid-keys.ts';
import { evaluateAlertsJob, planAlertsJob } from './alert-jobs.ts';
import { runAlerts } from './alerts-plugin.ts';
import { evaluateAlerts } from './evaluate-alerts.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-alerts-'));
let standIn: PushServiceStandIn;
/**
 * This file enqueues the schedules' jobs itself, as the copies' schedules would: the schedules of its apps are due
 * only at New Year's midnight, so that a run crossing a schedule's minute (the power peak's comes every five) sees
 * only the jobs the test made.
 */
const NEVER_DURING_A_TEST = '0 0 1 1 *';
const overrides: Record<string, string> = {
  DATA_DIR: dataDir,
  ALERTS_SPOT_PRICE_CRON: NEVER_DURING_A_TEST,
  ALERTS_DAILY_CONSUMPTION_CRON: NEVER_DURING_A_TEST,
  ALERTS_INVOICE_DUE_CRON: NEVER_DURING_A_TEST,
  ALERTS_METER_READING_CRON: NEVER_DURING_A_TEST,
  ALERTS_POWER_PEAK_CRON: NEVER_DURING_A_TEST,
};
beforeAll(async () => {
  standIn = await startPushServiceStandIn();
  overrides.PUSH_SERVICE_HOSTS = `fcm.googleapis.com,${standIn.host}`;
});
afterAll(async () => {
  await standIn.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('alerts from the notification thresholds', () => {
  const ctx = useTestApp(overrides);
  const today = todayIn('Europe/Helsinki');
  const tomorrow = addDays(today, 1);
  let aino = '';
  let ainoId = '';
  let second: JobRunner;
  let secondCopy: DatabaseHandle;

  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: {
        host: HOSTS.lumo,
        cookie,
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });

  /**
   * Hourly prices of a Finnish day in EUR/MWh: 50 except the hours given, and nothing else. The demo feed publishes
   * tomorrow's quarter-hour prices from 14:00 Finnish time on; left beside these, they moved each hour's average.
   */
  async function publishPrices(day: string, expensive: Record<number, number>) {
    const [start] = await queryRows<{ at: string; end: string }>(
      ctx.database.db,
      sql`select (${day}::date)::timestamp at time zone 'Europe/Helsinki' as at,
                 (${day}::date + 1)::timestamp at time zone 'Europe/Helsinki' as end`,
    );
    await ctx.database.db.execute(
      sql`delete from spot_price where bidding_zone = 'FI' and starts_at >= ${start!.at}::timestamptz and starts_at < ${start!.end}::timestamptz`,
    );
    const first = new Date(start!.at).getTime();
    for (let hour = 0; hour < 24; hour++) {
      await ctx.database.db
        .insert(spotPrice)
        .values({
          biddingZone: 'FI',
          startsAt: new Date(first + hour * 3_600_000),
          resolutionMinutes: 60,
          eurPerMwh: String(expensive[hour] ?? 50),
        })
        .onConflictDoUpdate({
          target: [spotPrice.biddingZone, spotPrice.startsAt],
          set: { eurPerMwh: String(expensive[hour] ?? 50), resolutionMinutes: 60 },
        });
    }
  }

  /**
   * Both server copies look for work together until neither finds any; answers the alert jobs they ran. Jobs of other
   * schedules the copies enqueue on the way (the operator outages' clock, every minute) are not this file's.
   */
  async function runBoth(): Promise<JobOutcome[]> {
    const outcomes: JobOutcome[] = [];
    for (;;) {
      const round = (await Promise.all([ctx.app.jobs.runDue(), second.runDue()])).flat();
      if (round.length === 0) return outcomes.filter((outcome) => outcome.kind.startsWith('alerts.'));
      outcomes.push(...round);
    }
  }

  beforeAll(async () => {
    await seedDemoEnergy(ctx.database.db, { historyDays: 2, clientCodes: ['LUMO-100001'] });
    aino = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const [row] = await ctx.database.db.select({ id: customer.id }).from(customer).where(eq(customer.clientCode, 'LUMO-100001'));
    ainoId = row!.id;
    const contacts = (
      await call(aino, 'PUT', '/api/me/contacts', {
        contacts: [
          { name: '', method: 'Email', value: 'aino.alerts@example.fi', primary: true },
          { name: '', method: 'Gsm', value: '+358401234567', primary: true },
        ],
      })
    ).json<{ id: number; method: string }[]>();
    for (const channel of ['Email', 'Gsm', 'PushNotification'] as const) {
      const contactsIds = contacts.filter((contact) => contact.method === channel).map((contact) => contact.id);
      const created = await call(aino, 'POST', '/api/me/notification-settings', {
        subject: 'SPOT_PRICE',
        channel,
        enabled: true,
        threshold: { lower: null, upper: 10 },
        contactsIds,
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const browser = standIn.subscribe();
    const registered = await call(aino, 'POST', '/api/notifications/set-token', {
      token: JSON.stringify({ endpoint: browser.endpoint, keys: browser.keys }),
      enabled: true,
    });
    expect(registered.statusCode, registered.body).toBe(200);
    // A second server copy on the same database (its own connection pool on PostgreSQL), with its own runner and ports.
    secondCopy = await ctx.openAnotherCopy();
    second = createJobRunner({ database: secondCopy, log: recordingLogger({}, []), workerId: 'second-copy' });
    runAlerts(
      second,
      {
        mail: outboxMailSender(ctx.config.mail.outboxDir, ctx.config.mail.fromAddress),
        sms: outboxSmsSender(ctx.config.sms.outboxDir),
        push: webPushSender(ctx.config.push.serviceHosts),
        vapidKeys: installationVapidKeys(secondCopy.db),
        vapidSubject: 'mailto:no-reply@portal.example',
        sites: createSiteCache(secondCopy.db),
      },
      ctx.config.alerts,
    );
  });
  afterAll(async () => {
    await second.stop();
    await secondCopy.close();
  });

  it("sends tomorrow's spot-price alert once by e-mail, text message and push, with two server copies running jobs", async () => {
    await publishPrices(tomorrow, { 8: 152.4, 17: 121 });
    const arrived = standIn.nextMessage();
    // The schedule's job, as both copies' schedules would enqueue it (its dedupe key makes it one).
    for (let copy = 0; copy < 2; copy++) {
      await enqueue(ctx.database.db, planAlertsJob, { subject: 'SPOT_PRICE' }, { dedupeKey: `alerts.spot-price@${today}T11:30` });
    }
    const outcomes = await runBoth();
    expect(outcomes.filter((outcome) => outcome.outcome !== 'done')).toEqual([]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual([
      'alerts.deliver',
      'alerts.deliver',
      'alerts.deliver',
      'alerts.evaluate',
      'alerts.plan',
    ]);

    const alerts = await ctx.database.db.select().from(notificationAlert).where(eq(notificationAlert.customerId, ainoId));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ subject: 'SPOT_PRICE', alertKey: `${tomorrow}:above:10` });
    const deliveries = await ctx.database.db.select().from(notificationDelivery).where(eq(notificationDelivery.alertId, alerts[0]!.id));
    expect(deliveries.map((delivery) => [delivery.channel, delivery.status]).sort()).toEqual([
      ['Email', 'sent'],
      ['Gsm', 'sent'],
      ['PushNotification', 'sent'],
    ]);

    const [day, month, year] = [tomorrow.slice(8), tomorrow.slice(5, 7), tomorrow.slice(0, 4)];
    const body = `Pörssisähkön hinta ylittää ${day}.${month}.${year} rajasi 10,00 snt/kWh tunteina 08–09, 17–18 (korkeimmillaan 15,24 snt/kWh).`;
    const mail = await latestOutboxMessage(ctx.config.mail.outboxDir, 'aino.alerts@example.fi');
    expect(mail).toContain('From: Lumo Energia Oy');
    expect(mail).toContain('Subject: =?UTF-8?Q?Huomisen_p=C3=B6rssis=C3=A4hk=C3=B6?=');
    const sms = await outboxSmsMessages(ctx.config.sms.outboxDir, '+358401234567');
    expect(sms).toEqual([expect.objectContaining({ from: 'Lumo', text: `Huomisen pörssisähkö: ${body}` })]);
    const push = await arrived;
    expect(JSON.parse(push.payload)).toEqual({
      title: 'Huomisen pörssisähkö',
      body,
      url: '/dashboard',
      tag: `alert-${alerts[0]!.id}`,
      icon: '/themes/aurora/notification-icon.png',
      badge: '/themes/aurora/notification-badge.png',
    });
    expect(standIn.received.filter((message) => message.payload.includes(body))).toHaveLength(1);

    // The afternoon run looks again: the alert is decided, nothing more is sent.
    await enqueue(ctx.database.db, evaluateAlertsJob, { subject: 'SPOT_PRICE', siteId: 'lumo', day: today });
    expect(await runBoth()).toMatchObject([{ kind: 'alerts.evaluate', outcome: 'done' }]);
    expect(await ctx.database.db.select().from(notificationDelivery)).toHaveLength(3);
  });

  it('retries while the prices are not published, and sends once they are', async () => {
    const dayAfter = addDays(tomorrow, 1);
    const created = await enqueue(ctx.database.db, evaluateAlertsJob, { subject: 'SPOT_PRICE', siteId: 'lumo', day: tomorrow });
    expect(await runBoth()).toMatchObject([{ kind: 'alerts.evaluate', outcome: 'retry' }]);
    const [waiting] = await ctx.database.db.select().from(job).where(eq(job.id, created!.id));
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting!.lastError).toContain(`Spot prices of FI for ${dayAfter} are not published yet`);

    await publishPrices(dayAfter, { 19: 250 });
    await ctx.database.db.update(job).set({ runAt: new Date() }).where(eq(job.id, created!.id));
    const outcomes = await runBoth();
    expect(outcomes.filter((outcome) => outcome.kind === 'alerts.evaluate')).toMatchObject([{ outcome: 'done', attempt: 2 }]);
    const [alert] = await ctx.database.db
      .select()
      .from(notificationAlert)
      .where(and(eq(notificationAlert.customerId, ainoId), eq(notificationAlert.alertKey, `${dayAfter}:above:10`)));
    expect(alert).toBeDefined();
  });

  it('leaves nothing half-done when a copy dies in the middle: the next one decides each alert once', async () => {
    const later = addDays(tomorrow, 2);
    await publishPrices(addDays(later, 1), { 7: 180 });
    // Due a second ago: the database's clock (microseconds) and the runner's (milliseconds) cannot disagree on it.
    const created = await enqueue(
      ctx.database.db,
      evaluateAlertsJob,
      { subject: 'SPOT_PRICE', siteId: 'lumo', day: later },
      { runAt: new Date(Date.now() - 1_000) },
    );
    // A copy whose power goes out after it wrote the alerts, before its transaction commits.
    const doomed = createJobRunner({ database: ctx.database, log: recordingLogger({}, []), workerId: 'doomed-copy' });
    const sites = createSiteCache(ctx.database.db);
    doomed.handle(evaluateAlertsJob, (payload, context) =>
      evaluateAlerts(
        payload,
        {
          ...context,
          transaction: (work) =>
            context.transaction(async (tx) => {
              await work(tx);
              throw new Error('power cut');
            }),
        },
        sites,
      ),
    );
    expect(await doomed.runDue()).toMatchObject([{ id: created!.id, outcome: 'retry' }]);
    const keyOf = `${addDays(later, 1)}:above:10`;
    const decided = () =>
      ctx.database.db
        .select()
        .from(notificationAlert)
        .where(and(eq(notificationAlert.customerId, ainoId), eq(notificationAlert.alertKey, keyOf)));
    expect(await decided()).toEqual([]);

    // Another copy claims it and dies without a word: its lease runs out and the job is taken over.
    await ctx.database.db.update(job).set({ runAt: new Date() }).where(eq(job.id, created!.id));
    expect(
      await claimDueJobs(ctx.database.db, {
        kinds: [evaluateAlertsJob.kind],
        limit: 1,
        workerId: 'crashed-copy',
        now: new Date(),
        leaseMs: 1,
      }),
    ).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const outcomes = await runBoth();
    expect(outcomes.filter((outcome) => outcome.kind === 'alerts.evaluate')).toMatchObject([{ outcome: 'done', attempt: 3 }]);
    expect(await decided()).toHaveLength(1);
    await doomed.stop();
  });

  it("tells of yesterday's consumption above the limit and of an invoice due in three days, in the customer's language", async () => {
    const contacts = (await call(aino, 'GET', '/api/me/contacts')).json<{ id: number; method: string }[]>();
    const email = contacts.find((contact) => contact.method === 'Email')!.id;
    for (const [subject, threshold] of [
      ['DAILY_CONSUMPTION', { lower: null, upper: 0.5 }],
      ['INVOICE_DUE', null],
    ] as const) {
      const created = await call(aino, 'POST', '/api/me/notification-settings', {
        subject,
        channel: 'Email',
        enabled: true,
        threshold,
        contactsIds: [email],
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    await call(aino, 'PUT', '/api/me', { email: null, phone: null, preferredLocale: 'en-GB', contactPreference: 'email' });
    const [ainosContract] = await ctx.database.db.select().from(contract).where(eq(contract.customerId, ainoId));
    const dueDate = addDays(today, 3);
    await ctx.database.db.insert(invoice).values({
      siteId: 'lumo',
      customerId: ainoId,
      contractId: ainosContract!.id,
      invoiceNumber: 'ALERT-TEST-1',
      referenceNumber: 'RF18539007547034',
      issueDate: today,
      dueDate,
      originalDueDate: dueDate,
      periodStart: today,
      periodEnd: today,
      netCents: 10000,
      vatCents: 2550,
      totalCents: 12550,
      type: 'Regular',
      delivery: 'email',
    });
    for (const subject of ['DAILY_CONSUMPTION', 'INVOICE_DUE'] as const) {
      await enqueue(ctx.database.db, evaluateAlertsJob, { subject, siteId: 'lumo', day: today });
    }
    await runBoth();
    const history = (await call(aino, 'GET', '/api/me/notification-history')).json<
      { subject: string; title: string; status: string; recipient: string }[]
    >();
    expect(history.filter((entry) => entry.subject !== 'SPOT_PRICE')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          subject: 'DAILY_CONSUMPTION',
          title: "Yesterday's consumption",
          status: 'sent',
          recipient: 'aino.alerts@example.fi',
        }),
        expect.objectContaining({ subject: 'INVOICE_DUE', title: 'An invoice is due in 3 days', status: 'sent' }),
      ]),
    );
    const [dueMail] = await ctx.database.db
      .select()
      .from(notificationDelivery)
      .where(eq(notificationDelivery.title, 'An invoice is due in 3 days'));
    expect(dueMail!.body).toBe(
      `Invoice ALERT-TEST-1 of €125.50 is due on ${dueDate.slice(8)}.${dueDate.slice(5, 7)}.${dueDate.slice(0, 4)}.`,
    );
  });

  it('forgets a browser the push service says is gone, and marks its delivery failed', async () => {
    const later = addDays(tomorrow, 5);
    await publishPrices(addDays(later, 1), { 12: 300 });
    standIn.answerWith(410);
    await enqueue(ctx.database.db, evaluateAlertsJob, { subject: 'SPOT_PRICE', siteId: 'lumo', day: later });
    await runBoth();
    const failed = await ctx.database.db
      .select()
      .from(notificationDelivery)
      .where(and(eq(notificationDelivery.channel, 'PushNotification'), eq(notificationDelivery.status, 'failed')));
    expect(failed).toHaveLength(1);
    expect(await ctx.database.db.select().from(pushSubscription).where(eq(pushSubscription.customerId, ainoId))).toEqual([]);
  });

  it("shows each customer only their own history; staff acting see the customer's, audited", async () => {
    const mikko = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    expect((await call(mikko, 'GET', '/api/me/notification-history')).json()).toEqual([]);
    const ainos = (await call(aino, 'GET', '/api/me/notification-history')).json<unknown[]>();
    expect(ainos.length).toBeGreaterThan(3);
    const staff = await sessionCookieFor(ctx.database.db, PEOPLE.sannaStaff, 'lumo', 'cs-representative-code=LUMO-100001');
    expect((await call(staff, 'GET', '/api/me/notification-history')).json()).toEqual(ainos);
    const audited = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'GET /api/me/notification-history'));
    expect(audited).toHaveLength(1);
  });
});

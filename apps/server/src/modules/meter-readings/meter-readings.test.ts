import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@portal/schema/calendar-dates';
import type { MeterReading, MeterReadingList } from '@portal/schema/meter-readings';
import { auditLog } from '../../db/schema/identity.ts';
import { notificationAlert, notificationDelivery } from '../../db/schema/notifications.ts';
import { seedDemoEnergy } from '../../db/seed/demo-energy.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { customerIdOf } from '../../test-support/energy-factories.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { evaluateAlertsJob } from '../alerts/alert-jobs.ts';
import { recordMeasuredReading } from './enter-meter-reading.ts';
import { meterReadingRepository } from './meter-reading-repository.ts';
import { judgeReading } from './reading-plausibility.ts';

const ANNA = 'LV150385-12346';
const LIGA_STAFF = 'LV121275-23457';
const ANNA_HEAT = 'mp-ds-anna-heat';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function multipart(request: object, file?: { content: Buffer; name: string }) {
  const form = new FormData();
  form.append('request', JSON.stringify(request));
  if (file) form.append('files', new Blob([new Uint8Array(file.content)]), file.name);
  const built = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await built.arrayBuffer()), contentType: built.headers.get('content-type')! };
}

describe('readings customers enter (decision 112)', () => {
  const ctx = useTestApp();
  const today = todayIn('Europe/Riga');
  let anna = '';
  let janis = '';
  let staff = '';

  const post = (cookie: string, body: object, host: string = HOSTS.daugava) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/meter-readings',
      headers: { host, cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const list = async (cookie: string, meteringPointId = ANNA_HEAT) =>
    ctx.app.inject({ url: `/api/meter-readings?meteringPointId=${meteringPointId}`, headers: { host: HOSTS.daugava, cookie } });

  beforeAll(async () => {
    const db = ctx.database.db;
    await seedDemoEnergy(db, { historyDays: 2, clientCodes: ['DS-300501', 'DS-300502'] });
    anna = await sessionCookieFor(db, ANNA, 'daugava');
    janis = await sessionCookieFor(db, PEOPLE.janis, 'daugava');
    staff = await sessionCookieFor(db, LIGA_STAFF, 'daugava', 'cs-representative-code=DS-300501');
    // The utility read Anna's heat meter 60 and 30 days ago: 0.2 MWh in a month.
    const point = (await meterReadingRepository.pointById(db, ANNA_HEAT))!;
    await db.transaction(async (tx) => {
      await recordMeasuredReading(tx, point, { readOn: addDays(today, -60), value: '12' });
      await recordMeasuredReading(tx, point, { readOn: addDays(today, -30), value: '12.2' });
    });
  });

  it('lists a hand-read point’s readings newest first, in its unit, with their source', async () => {
    const response = await list(anna);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<MeterReadingList>();
    expect(body).toMatchObject({ meteringPointId: ANNA_HEAT, readByHand: true, unit: 'MWh' });
    expect(body.readings.map((reading) => [reading.readOn, reading.value, reading.source, reading.status])).toEqual([
      [addDays(today, -30), '12.200', 'MEASURED', 'CURRENT'],
      [addDays(today, -60), '12.000', 'MEASURED', 'CURRENT'],
    ]);
  });

  it('accepts a plausible reading as the customer’s, read today', async () => {
    const response = await post(anna, { meteringPointId: ANNA_HEAT, value: '12.35' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<MeterReading>()).toMatchObject({
      readOn: today,
      value: '12.350',
      unit: 'MWh',
      source: 'CUSTOMER',
      status: 'CURRENT',
      enteredBy: 'self',
      meterChanged: false,
      hasPhoto: false,
    });
    expect((await list(anna)).json<MeterReadingList>().readings[0]).toMatchObject({ value: '12.350', source: 'CUSTOMER' });
  });

  it('refuses a reading lower than the last one, with a stable code', async () => {
    const response = await post(anna, { meteringPointId: ANNA_HEAT, value: '12.3' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'METER_READING_BELOW_LAST' });
    expect(response.json<{ message: string }>().message).toContain('12.350');
  });

  it('refuses a reading implying more consumption than the meter can have had', async () => {
    // One day since the last reading: at most 0.5 MWh a day for a heat meter whose history is smaller.
    const response = await post(anna, { meteringPointId: ANNA_HEAT, value: '13.9' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'METER_READING_IMPLAUSIBLE' });
  });

  it('refuses a value that is not a register (400, before any rule)', async () => {
    for (const value of ['12,5', '-1', '1.2345', '']) {
      const response = await post(anna, { meteringPointId: ANNA_HEAT, value });
      expect(response.statusCode, value).toBe(400);
    }
  });

  it('keeps one photo judged by content, served only as a download to its customer; refuses a PDF', async () => {
    const { payload, contentType } = await multipart({ meteringPointId: ANNA_HEAT, value: '12.4' }, { content: PNG, name: 'meter.jpg' });
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/meter-readings',
      headers: { host: HOSTS.daugava, cookie: anna, 'content-type': contentType },
      payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const reading = sent.json<MeterReading>();
    expect(reading.hasPhoto).toBe(true);
    const photo = await ctx.app.inject({ url: `/api/meter-readings/${reading.id}/photo`, headers: { host: HOSTS.daugava, cookie: anna } });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['content-disposition']).toMatch(/^attachment/);
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    const other = await ctx.app.inject({ url: `/api/meter-readings/${reading.id}/photo`, headers: { host: HOSTS.daugava, cookie: janis } });
    expect(other.statusCode).toBe(404);

    const pdf = await multipart({ meteringPointId: ANNA_HEAT, value: '12.45' }, { content: PDF, name: 'meter.png' });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/meter-readings',
      headers: { host: HOSTS.daugava, cookie: anna, 'content-type': pdf.contentType },
      payload: pdf.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'ATTACHMENT_TYPE_NOT_ALLOWED' });
  });

  it('records a staff member’s entry as entered by staff, with an audit line of their role', async () => {
    const response = await post(staff, { meteringPointId: ANNA_HEAT, value: '12.5' });
    expect(response.statusCode, response.body).toBe(201);
    const reading = response.json<MeterReading>();
    expect(reading.enteredBy).toBe('staff');
    expect((await list(staff)).json<MeterReadingList>().readings[0]).toMatchObject({ id: reading.id, enteredBy: 'staff' });
    const annaId = await customerIdOf(ctx.database.db, 'daugava', 'DS-300501');
    const lines = await ctx.database.db
      .select({ role: auditLog.actorRole, area: auditLog.dataArea, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.customerId, annaId), eq(auditLog.action, 'meter reading entered')));
    expect(lines).toContainEqual({ role: 'customer-service', area: 'consumption', details: `${ANNA_HEAT} ${reading.id}` });
    expect(lines.filter((line) => line.role === null)).toHaveLength(2);
  });

  it('accepts a lower value when the customer says the meter was changed, as a new meter’s start', async () => {
    const response = await post(anna, { meteringPointId: ANNA_HEAT, value: '0.05', meterChanged: true });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<MeterReading>()).toMatchObject({ value: '0.050', meterChanged: true, status: 'CURRENT' });
    // The new meter is the one compared against from now on.
    expect((await post(anna, { meteringPointId: ANNA_HEAT, value: '0.04' })).json()).toMatchObject({ code: 'METER_READING_BELOW_LAST' });
    expect((await post(anna, { meteringPointId: ANNA_HEAT, value: '0.06' })).statusCode).toBe(201);
  });

  it('shows the customer’s readings of the month as replaced once the utility’s measured reading arrives', async () => {
    const point = (await meterReadingRepository.pointById(ctx.database.db, ANNA_HEAT))!;
    const measured = await ctx.database.db.transaction((tx) => recordMeasuredReading(tx, point, { readOn: today, value: '0.07' }));
    const readings = (await list(anna)).json<MeterReadingList>().readings;
    const customers = readings.filter((reading) => reading.source === 'CUSTOMER');
    expect(customers.length).toBe(measured.replaced.length);
    expect(customers.every((reading) => reading.status === 'SUPERSEDED' && reading.supersededBy === measured.id)).toBe(true);
    expect(readings[0]).toMatchObject({ id: measured.id, source: 'MEASURED', status: 'CURRENT', value: '0.070' });
    // The older measured readings stay as they were.
    expect(readings.filter((reading) => reading.source === 'MEASURED').every((reading) => reading.status === 'CURRENT')).toBe(true);
  });

  it("answers 404 for another customer's metering point, and 422 for a remotely read one", async () => {
    expect((await list(janis)).statusCode).toBe(404);
    const other = await post(janis, { meteringPointId: ANNA_HEAT, value: '99' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'METERING_POINT_NOT_FOUND' });
    const remote = await post(janis, { meteringPointId: 'mp-ds-janis-el', value: '99' });
    expect(remote.statusCode).toBe(422);
    expect(remote.json()).toMatchObject({ code: 'METER_READING_NOT_HAND_READ' });
  });

  it('is not there on a site without the feature (404 FEATURE_DISABLED)', async () => {
    const aino = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const response = await ctx.app.inject({
      url: '/api/meter-readings?meteringPointId=mp-lumo-aino-el',
      headers: { host: HOSTS.lumo, cookie: aino },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'FEATURE_DISABLED' });
  });

  it('reminds customers with a hand-read meter once a month, through each channel they chose', async () => {
    const call = (cookie: string, method: 'POST' | 'PUT', url: string, body: unknown) =>
      ctx.app.inject({
        method,
        url,
        headers: { host: HOSTS.daugava, cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const subjects = await ctx.app.inject({ url: '/api/me/notification-subjects', headers: { host: HOSTS.daugava, cookie: anna } });
    expect(subjects.json()).toContainEqual({ subject: 'METER_READING', thresholdUnit: null });
    const contacts = (
      await call(anna, 'PUT', '/api/me/contacts', {
        contacts: [
          { name: '', method: 'Email', value: 'anna.readings@example.lv', primary: true },
          { name: '', method: 'Gsm', value: '+37120000001', primary: true },
        ],
      })
    ).json<{ id: number; method: string }[]>();
    for (const channel of ['Email', 'Gsm'] as const) {
      const created = await call(anna, 'POST', '/api/me/notification-settings', {
        subject: 'METER_READING',
        channel,
        enabled: true,
        threshold: null,
        contactsIds: contacts.filter((contact) => contact.method === channel).map((contact) => contact.id),
      });
      expect(created.statusCode, created.body).toBeLessThan(300);
    }
    // Jānis asks too, but his only hand-read meter is gone from his customership: a customer without one is not reminded.
    const janisContacts = (
      await call(janis, 'PUT', '/api/me/contacts', {
        contacts: [{ name: '', method: 'Email', value: 'janis.readings@example.lv', primary: true }],
      })
    ).json<{ id: number }[]>();
    await call(janis, 'POST', '/api/me/notification-settings', {
      subject: 'METER_READING',
      channel: 'Email',
      enabled: true,
      threshold: null,
      contactsIds: janisContacts.map((contact) => contact.id),
    });
    const janisId = await customerIdOf(ctx.database.db, 'daugava', 'DS-300502');
    const { meteringPoint } = await import('../../db/schema/energy.ts');
    await ctx.database.db.update(meteringPoint).set({ readByHand: false }).where(eq(meteringPoint.customerId, janisId));

    const annaId = await customerIdOf(ctx.database.db, 'daugava', 'DS-300501');
    const deliveries = () =>
      ctx.database.db
        .select({
          customerId: notificationDelivery.customerId,
          channel: notificationDelivery.channel,
          recipient: notificationDelivery.recipient,
          title: notificationDelivery.title,
        })
        .from(notificationDelivery)
        .innerJoin(notificationAlert, eq(notificationAlert.id, notificationDelivery.alertId))
        .where(eq(notificationAlert.subject, 'METER_READING'));
    // Two runs in one month (the schedule's second run, a retry): one alert, one delivery per channel.
    for (const day of [today, addDays(today, today.endsWith('-01') ? 1 : -1)]) {
      await enqueue(ctx.database.db, evaluateAlertsJob, { subject: 'METER_READING', siteId: 'daugava', day });
      await ctx.app.jobs.runDue();
    }
    const sent = await deliveries();
    expect(
      sent
        .map(({ customerId, channel, recipient }) => ({ customerId, channel, recipient }))
        .sort((a, b) => a.channel.localeCompare(b.channel)),
    ).toEqual([
      { customerId: annaId, channel: 'Email', recipient: 'anna.readings@example.lv' },
      { customerId: annaId, channel: 'Gsm', recipient: '+37120000001' },
    ]);
    expect(sent[0]!.title).toBe('Laiks nolasīt skaitītāju');
  });
});

describe('the plausibility rule', () => {
  const earlier = [
    { readOn: '2026-10-01', value: '1300', meterChanged: false },
    { readOn: '2026-09-01', value: '1000', meterChanged: false },
  ];
  it('allows three times the meter’s busiest daily rate when that is above the per-kind maximum', () => {
    // 3,000 m³ in 30 days is 100 m³ a day (a large building); three times that, 300 a day, is what 30 days may add.
    const big = [
      { readOn: '2026-10-01', value: '4000', meterChanged: false },
      { readOn: '2026-09-01', value: '1000', meterChanged: false },
    ];
    expect(judgeReading({ value: '13000', readOn: '2026-10-31', meterChanged: false, unit: 'm3' }, big)).toEqual({ ok: true });
    expect(judgeReading({ value: '13000.001', readOn: '2026-10-31', meterChanged: false, unit: 'm3' }, big)).toMatchObject({
      ok: false,
      code: 'METER_READING_IMPLAUSIBLE',
      allowed: '13000.000',
      days: 30,
    });
  });
  it('falls back to the per-kind maximum, and ignores differences across a meter change', () => {
    expect(judgeReading({ value: '2200', readOn: '2026-10-31', meterChanged: false, unit: 'm3' }, earlier)).toEqual({ ok: true });
    expect(judgeReading({ value: '2200.001', readOn: '2026-10-31', meterChanged: false, unit: 'm3' }, earlier)).toMatchObject({
      code: 'METER_READING_IMPLAUSIBLE',
    });
    const changed = [{ readOn: '2026-10-01', value: '5', meterChanged: true }, ...earlier];
    expect(judgeReading({ value: '905.001', readOn: '2026-10-31', meterChanged: false, unit: 'm3' }, changed)).toMatchObject({
      code: 'METER_READING_IMPLAUSIBLE',
    });
    expect(judgeReading({ value: '4', readOn: '2026-10-31', meterChanged: false, unit: 'm3' }, changed)).toMatchObject({
      code: 'METER_READING_BELOW_LAST',
      last: '5',
    });
    expect(judgeReading({ value: '1', readOn: '2026-10-31', meterChanged: true, unit: 'm3' }, changed)).toEqual({ ok: true });
  });
});

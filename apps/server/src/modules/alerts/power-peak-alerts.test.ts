import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LiveReading } from '@portal/schema/power';
import { notificationAlert } from '../../db/schema/notifications.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { buildContract, buildMeteringPoint, insertReadings } from '../../test-support/energy-factories.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { createSiteCache } from '../sites/site-cache.ts';
import { evaluateAlertsJob } from './alert-jobs.ts';
import { alertMessage } from './alert-messages.ts';
import { alertRepository } from './alert-repository.ts';
import { powerPeakDecisions, type PowerPeakFacts } from './power-peak-alerts.ts';
import { projectedHourWh } from './power-peak-rule.ts';

const HOUR = 3_600_000;
/** Kallio Verkot's power product (decision 119): 4.10 € per kW a month above 8 kW. */
const tehosiirto = [
  { kind: 'Base' as const, priceCents: '2.40000' },
  { kind: 'Power' as const, unit: 'c/kW' as const, priceCents: '410.00000', thresholdKw: '8.000' },
];

describe('the power peak alert (decision 128)', () => {
  const ctx = useTestApp();

  const call = async (site: 'kallio' | 'lumo', method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: {
        host: HOSTS[site],
        cookie: await sessionCookieFor(ctx.database.db, PEOPLE.aino, site),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });

  /** A Kallio point of Aino's with the power product and hourly readings: `kwh(at)` for each hour of [from, to). */
  async function pointWith(from: string, to: string, kwh: (at: Date) => number) {
    const db = ctx.database.db;
    const gsrn = `6430${String(Math.floor(Math.random() * 1e14)).padStart(14, '0')}`;
    const point = await buildMeteringPoint(db, { siteId: 'kallio', clientCode: 'KV-400101', resolutionMinutes: 60, gsrn });
    await buildContract(db, point, { type: 'GridContract', startDate: '2026-01-01', components: tehosiirto });
    await insertReadings(db, point.id, { from: new Date(from), to: new Date(to), minutes: 60, wh: (at) => Math.round(kwh(at) * 1000) });
    return { ...point, gsrn };
  }

  /** The alerts decided for a point, by its GSRN (the key starts with it). */
  async function alertsOf(gsrn: string) {
    const rows = await ctx.database.db
      .select()
      .from(notificationAlert)
      .where(and(eq(notificationAlert.siteId, 'kallio'), eq(notificationAlert.subject, 'POWER_PEAK')));
    return rows
      .filter((row) => row.alertKey.startsWith(`${gsrn}@`))
      .map((row) => ({ key: row.alertKey, facts: row.facts as PowerPeakFacts }));
  }

  /** The job as its schedule runs it, at `at`: the hour before it is the one just ended. */
  async function evaluateAt(at: string) {
    await enqueue(
      ctx.database.db,
      evaluateAlertsJob,
      { subject: 'POWER_PEAK', siteId: 'kallio', day: at.slice(0, 10) },
      { runAt: new Date(at) },
    );
    await ctx.app.jobs.runDue();
  }

  it('is offered where the site has POWER_PEAK_ALERTS, takes a margin in kW, and only that subject does', async () => {
    const kallioSubjects = (await call('kallio', 'GET', '/api/me/notification-subjects')).json<{ subject: string }[]>();
    expect(kallioSubjects).toContainEqual({ subject: 'POWER_PEAK', thresholdUnit: null, marginUnit: 'kW' });
    const lumoSubjects = (await call('lumo', 'GET', '/api/me/notification-subjects')).json<{ subject: string }[]>();
    expect(lumoSubjects.map((entry) => entry.subject)).not.toContain('POWER_PEAK');
    const refused = await call('lumo', 'POST', '/api/me/notification-settings', {
      subject: 'POWER_PEAK',
      channel: 'Email',
      enabled: true,
      threshold: null,
      contactsIds: [],
    });
    expect(refused.json()).toMatchObject({ statusCode: 400, code: 'NOTIFICATION_SUBJECT_NOT_OFFERED' });

    const created = await call('kallio', 'POST', '/api/me/notification-settings', {
      subject: 'POWER_PEAK',
      channel: 'Email',
      enabled: true,
      threshold: null,
      contactsIds: [],
      marginKw: 0.5,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ subject: 'POWER_PEAK', marginKw: 0.5 });
    const id = created.json<{ id: number }>().id;
    const changed = await call('kallio', 'PUT', `/api/me/notification-settings/${id}`, {
      enabled: true,
      threshold: null,
      contactsIds: [],
      marginKw: 1,
    });
    expect(changed.json()).toMatchObject({ marginKw: 1 });
    // Left out, the margin stays; a negative one is refused at the edge.
    expect(
      (await call('kallio', 'PUT', `/api/me/notification-settings/${id}`, { enabled: true, threshold: null, contactsIds: [] })).json(),
    ).toMatchObject({
      marginKw: 1,
    });
    expect(
      (
        await call('kallio', 'PUT', `/api/me/notification-settings/${id}`, {
          enabled: true,
          threshold: null,
          contactsIds: [],
          marginKw: -1,
        })
      ).statusCode,
    ).toBe(400);
    // Another subject takes no margin.
    const outage = await call('kallio', 'POST', '/api/me/notification-settings', {
      subject: 'OUTAGE',
      channel: 'Email',
      enabled: true,
      threshold: null,
      contactsIds: [],
      marginKw: 1,
    });
    expect(outage.json()).toMatchObject({ statusCode: 400, code: 'NOTIFICATION_MARGIN_NOT_ALLOWED' });
    // Back to half a kW for the evaluations below.
    await call('kallio', 'PUT', `/api/me/notification-settings/${id}`, { enabled: true, threshold: null, contactsIds: [], marginKw: 0.5 });
  });

  it('under the threshold: quiet until the hour comes within the margin of 8 kW, and then it costs nothing', async () => {
    // January 2026 (winter time, UTC+2): every hour 5 kWh, the hour 10:00Z 6 kWh, 11:00Z 7.6 kWh.
    const point = await pointWith('2026-01-01T00:00:00Z', '2026-01-10T12:00:00Z', (at) =>
      at.toISOString() === '2026-01-10T10:00:00.000Z' ? 6 : at.toISOString() === '2026-01-10T11:00:00.000Z' ? 7.6 : 5,
    );
    await evaluateAt('2026-01-10T11:05:00Z');
    expect(await alertsOf(point.gsrn)).toEqual([]);
    await evaluateAt('2026-01-10T12:05:00Z');
    const [alert, ...more] = await alertsOf(point.gsrn);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      key: `${point.gsrn}@2026-01-10T11:00:00.000Z`,
      facts: { source: 'hour', kw: '7.600', peakKw: '6.000', peakAt: '2026-01-10T10:00:00.000Z', limitKw: '8.000', raiseCents: 0 },
    });
    const message = alertMessage(alert!.facts, 'fi-FI', 'Kallio Verkot Oy');
    expect(message.title).toBe('Tehohuippusi on nousemassa');
    // The hour on the site's clock (UTC+2 in January), the peak so far and the threshold.
    expect(message.body).toContain('tunnin 10.01.2026 13:00 keskiteho oli 7,6 kW');
    expect(message.body).toContain('tähän mennessä on 6,0 kW (10.01.2026 12:00)');
    expect(message.body).toContain('Kun pysyt alle 8,0 kW, kuukauden tehomaksu ei kasva.');
  });

  it('over the peak: says what the charge grows by, with VAT, once per hour and point however often it looks', async () => {
    // February 2026: a 9.6 kWh hour on the 3rd, and 10.1 kWh in the hour 08:00Z on the 20th.
    const point = await pointWith('2026-02-01T00:00:00Z', '2026-02-20T09:00:00Z', (at) =>
      at.toISOString() === '2026-02-03T16:00:00.000Z' ? 9.6 : at.toISOString() === '2026-02-20T08:00:00.000Z' ? 10.1 : 4,
    );
    await evaluateAt('2026-02-20T09:01:00Z');
    await evaluateAt('2026-02-20T09:06:00Z');
    const alerts = await alertsOf(point.gsrn);
    expect(alerts).toHaveLength(1);
    // 0.5 kW above the 9.6 kW peak × 4.10 € = 2.05 €, with 25.5 % VAT 2.57 €.
    expect(alerts[0]!.facts).toMatchObject({ kw: '10.100', peakKw: '9.600', limitKw: '9.600', raiseCents: 257 });
    const message = alertMessage(alerts[0]!.facts, 'en-GB', 'Kallio Verkot Oy');
    expect(message.body).toContain("At 10.1 kW this month's power charge would grow by €2.57 (€4.10 per kW a month, excl. VAT).");
    expect(message.url).toBe('/dashboard');
  });

  it("counts the month on the site's clock: the first hour of November (22:00Z) starts with no peak, after October's 25-hour day", async () => {
    // October 2026 ends on a day of 25 hours; 31 October 22:00Z is 00:00 on 1 November in Helsinki (UTC+2 again).
    const point = await pointWith('2026-10-24T00:00:00Z', '2026-10-31T23:00:00Z', (at) => {
      const iso = at.toISOString();
      // The second 03:00 of 25 October (01:00Z) is October's peak: 12 kWh.
      if (iso === '2026-10-25T01:00:00.000Z') return 12;
      return iso === '2026-10-31T22:00:00.000Z' ? 7.8 : 3;
    });
    await evaluateAt('2026-10-31T23:02:00Z');
    const [alert] = await alertsOf(point.gsrn);
    // In October 7.8 kWh would be far under its 12 kW peak; November has none yet, so the threshold is the limit.
    expect(alert?.facts).toMatchObject({ kw: '7.800', peakKw: '0.000', peakAt: null, limitKw: '8.000', raiseCents: 0 });
    expect(alertMessage(alert!.facts, 'sv-FI', 'Kallio Verkot Oy').body).toContain('Månaden har ännu ingen effekttopp.');

    // The same hour a week earlier measured against October: the 03:00 hour that came twice is the peak so far.
    const decided = await powerPeakDecisions(
      ctx.database.db,
      (await createSiteCache(ctx.database.db).findById('kallio'))!,
      new Date('2026-10-25T03:00:00Z'),
      (await alertRepository.activeSettings(ctx.database.db, 'kallio', 'POWER_PEAK')).map((setting) => ({ ...setting, marginKw: 20 })),
      null,
    );
    const october = decided.find((decision) => decision.facts.gsrn === point.gsrn);
    expect(october?.facts).toMatchObject({ hourStart: '2026-10-25T02:00:00.000Z', peakKw: '12.000', peakAt: '2026-10-25T01:00:00.000Z' });
    expect(alertMessage(october!.facts, 'fi-FI', 'Kallio Verkot Oy').body).toContain('(25.10.2026 03:00)');
  });

  it('projects the running hour from live readings where the site reads meters live, under the same key as the hour', async () => {
    const db = ctx.database.db;
    // March 2026: a 9 kWh peak on the 2nd; today 4 kWh hours.
    const point = await pointWith('2026-03-01T00:00:00Z', '2026-03-10T10:00:00Z', (at) =>
      at.toISOString() === '2026-03-02T17:00:00.000Z' ? 9 : 4,
    );
    await db.execute(
      // The head-end reaches the meter (docs/decisions/060).
      (await import('drizzle-orm'))
        .sql`insert into meter_control (metering_point_id, site_id, customer_id) values (${point.id}, 'kallio', ${point.customerId})`,
    );
    const readings: LiveReading[] = [];
    const reading = (at: string, registerWh: number, powerW: number): LiveReading => ({
      id: String(Date.parse(at)),
      measuredAt: at,
      activePowerImportW: powerW,
      activePowerExportW: 0,
      voltageV: [230, 230, 230],
      currentA: [1, 1, 1],
      energyImportWh: registerWh,
      energyExportWh: 0,
    });
    const live = { latest: async () => ({ latest: readings.at(-1) ?? null }) };
    const site = (await createSiteCache(db).findById('kallio'))!;
    const settings = await alertRepository.activeSettings(db, 'kallio', 'POWER_PEAK');
    const decide = async (now: string) =>
      (await powerPeakDecisions(db, site, new Date(now), settings, live)).filter((decision) => decision.facts.gsrn === point.gsrn);

    // 10:06, 4 kW for six minutes so far: the hour is heading for 4 kWh, far from 9 kW.
    readings.push(reading('2026-03-10T10:06:00Z', 1_000_000, 4000));
    expect(await decide('2026-03-10T10:06:30Z')).toEqual([]);
    // 10:30, the sauna and the car on: 400 Wh by 10:06 (extrapolated back), 4 600 Wh more by 10:30, 12 kW for the last
    // half-hour: 0.4 + 4.6 + 6 = 11 kWh, 2 kW above the peak: 2 × 4.10 € = 8.20 € + 25.5 % VAT = 10.29 €.
    readings.push(reading('2026-03-10T10:30:00Z', 1_004_600, 12_000));
    const [projected] = await decide('2026-03-10T10:30:20Z');
    expect(projected).toMatchObject({
      alertKey: `${point.gsrn}@2026-03-10T10:00:00.000Z`,
      facts: { source: 'live', kw: '11.000', peakKw: '9.000', raiseCents: 1029 },
    });
    expect(alertMessage(projected!.facts, 'en-GB', 'Kallio Verkot Oy').body).toContain(
      'the hour starting 10.03.2026 12:00 is heading for an average of 11.0 kW',
    );
    // A reading older than two minutes says nothing about the hour.
    expect(await decide('2026-03-10T10:40:00Z')).toEqual([]);
  });

  it('extrapolates the register back to the hour’s start from the first reading heard in it', () => {
    const start = new Date('2026-03-10T10:00:00Z');
    const first = { measuredAt: new Date('2026-03-10T10:15:00Z'), energyImportWh: 10_000, activePowerImportW: 2000 };
    // 500 Wh before the first reading, 1 000 Wh after it, then 3 kW for the last half-hour (1 500 Wh): 3 000 Wh.
    const latest = { measuredAt: new Date('2026-03-10T10:30:00Z'), energyImportWh: 11_000, activePowerImportW: 3000 };
    expect(projectedHourWh(start, first, latest)).toBe(3000n);
    expect(projectedHourWh(start, first, first)).toBe(2000n);
    expect(new Date(start.getTime() + HOUR).toISOString()).toBe('2026-03-10T11:00:00.000Z');
  });
});

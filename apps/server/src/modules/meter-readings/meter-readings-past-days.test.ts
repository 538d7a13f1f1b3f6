import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatDay, todayIn } from '@portal/schema/calendar-dates';
import type { MeterReading, MeterReadingList } from '@portal/schema/meter-readings';
import { auditLog } from '../../db/schema/identity.ts';
import { meterRegisterReading } from '../../db/schema/meter-readings.ts';
import { seedDemoEnergy } from '../../db/seed/demo-energy.ts';
import { customerIdOf } from '../../test-support/energy-factories.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { recordMeasuredReading } from './enter-meter-reading.ts';
import { meterReadingRepository } from './meter-reading-repository.ts';
import { judgeReading } from './reading-plausibility.ts';

const ANNA = 'LV150385-12346';
const LIGA_STAFF = 'LV121275-23457';
const ANNA_HEAT = 'mp-ds-anna-heat';
const JANIS_GAS = 'mp-ds-janis-gas';
const REASON = 'Customer sent a photo of the meter; the later reading was mistyped';

describe('readings for a past day and the staff override (decision 130)', () => {
  const ctx = useTestApp();
  const today = todayIn('Europe/Riga');
  const day = (offset: number) => addDays(today, offset);
  let anna = '';
  let janis = '';
  let staff = '';

  const post = (cookie: string, body: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/meter-readings',
      headers: { host: HOSTS.daugava, cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const list = async (cookie: string, meteringPointId = ANNA_HEAT) =>
    (
      await ctx.app.inject({ url: `/api/meter-readings?meteringPointId=${meteringPointId}`, headers: { host: HOSTS.daugava, cookie } })
    ).json<MeterReadingList>();
  const stored = async () =>
    ctx.database.db
      .select({ id: meterRegisterReading.id })
      .from(meterRegisterReading)
      .where(eq(meterRegisterReading.meteringPointId, ANNA_HEAT));

  beforeAll(async () => {
    const db = ctx.database.db;
    await seedDemoEnergy(db, { historyDays: 2, clientCodes: ['DS-300501', 'DS-300502'] });
    anna = await sessionCookieFor(db, ANNA, 'daugava');
    janis = await sessionCookieFor(db, PEOPLE.janis, 'daugava');
    staff = await sessionCookieFor(db, LIGA_STAFF, 'daugava', 'cs-representative-code=DS-300501');
    // The utility read Anna's heat meter 60 and 40 days ago: 0.2 MWh in 20 days, 0.01 MWh a day.
    const point = (await meterReadingRepository.pointById(db, ANNA_HEAT))!;
    await db.transaction(async (tx) => {
      await recordMeasuredReading(tx, point, { readOn: day(-60), value: '12' });
      await recordMeasuredReading(tx, point, { readOn: day(-40), value: '12.2' });
    });
  });

  it('offers the days from 31 back (later than the utility’s reading 40 days ago) to today', async () => {
    expect((await list(anna)).entryWindow).toEqual({ from: day(-31), to: today });
  });

  it('stores a reading for the day the meter was read, and one for a day before it between its neighbours', async () => {
    const tenDaysAgo = await post(anna, { meteringPointId: ANNA_HEAT, value: '12.4', readOn: day(-10) });
    expect(tenDaysAgo.statusCode, tenDaysAgo.body).toBe(201);
    expect(tenDaysAgo.json<MeterReading>()).toMatchObject({ readOn: day(-10), value: '12.400', override: null });
    // 12.3 on day −20 lies between 12.2 (day −40) and 12.4 (day −10).
    const twentyDaysAgo = await post(anna, { meteringPointId: ANNA_HEAT, value: '12.3', readOn: day(-20) });
    expect(twentyDaysAgo.statusCode, twentyDaysAgo.body).toBe(201);
    expect((await list(anna)).readings.map((reading) => [reading.readOn, reading.value])).toEqual([
      [day(-10), '12.400'],
      [day(-20), '12.300'],
      [day(-40), '12.200'],
      [day(-60), '12.000'],
    ]);
  });

  it('judges a past day against the readings on both sides of it, not the newest', async () => {
    // Day −15 lies between 12.300 (day −20) and 12.400 (day −10).
    const above = await post(anna, { meteringPointId: ANNA_HEAT, value: '12.45', readOn: day(-15) });
    expect(above.statusCode).toBe(422);
    expect(above.json()).toMatchObject({ code: 'METER_READING_ABOVE_NEXT' });
    expect(above.json<{ message: string }>().message).toContain(`${formatDay(day(-10))} (12.400 MWh)`);
    const below = await post(anna, { meteringPointId: ANNA_HEAT, value: '12.25', readOn: day(-15) });
    expect(below.statusCode).toBe(422);
    expect(below.json()).toMatchObject({ code: 'METER_READING_BELOW_LAST' });
    expect(below.json<{ message: string }>().message).toContain('12.300 MWh');
    // 12.35 fits both sides, though it is lower than the newest reading (12.400).
    expect((await post(anna, { meteringPointId: ANNA_HEAT, value: '12.35', readOn: day(-15) })).statusCode).toBe(201);
  });

  it('refuses a day whose later reading would mean more consumption than the meter can have had', async () => {
    // 16.0 on day −1: 3.6 MWh in 9 days after 12.4, within 0.5 MWh a day. The meter's busiest rate is now 0.4 a day.
    expect((await post(anna, { meteringPointId: ANNA_HEAT, value: '16', readOn: day(-1) })).statusCode).toBe(201);
    // 12.45 on day −3 leaves 3.55 MWh for the 2 days to day −1; at most 3 × 0.4 = 1.2 a day, 2.4, fit: 16 − 2.4 = 13.6.
    const low = await post(anna, { meteringPointId: ANNA_HEAT, value: '12.45', readOn: day(-3) });
    expect(low.statusCode).toBe(422);
    expect(low.json()).toMatchObject({ code: 'METER_READING_TOO_LOW_FOR_NEXT' });
    expect(low.json<{ message: string }>().message).toContain('at least 13.600 MWh');
  });

  it('lets staff acting for the customer store it anyway with a reason, on the row and in the audit line', async () => {
    const before = (await stored()).length;
    const response = await post(staff, {
      meteringPointId: ANNA_HEAT,
      value: '12.45',
      readOn: day(-3),
      override: { reason: `  ${REASON} ` },
    });
    expect(response.statusCode, response.body).toBe(201);
    const reading = response.json<MeterReading>();
    expect(reading).toMatchObject({
      readOn: day(-3),
      value: '12.450',
      enteredBy: 'staff',
      override: { check: 'METER_READING_TOO_LOW_FOR_NEXT', reason: REASON },
    });
    expect((await stored()).length).toBe(before + 1);
    expect((await list(anna)).readings.find((row) => row.id === reading.id)?.override).toEqual({
      check: 'METER_READING_TOO_LOW_FOR_NEXT',
      reason: REASON,
    });
    const annaId = await customerIdOf(ctx.database.db, 'daugava', 'DS-300501');
    const lines = await ctx.database.db
      .select({ role: auditLog.actorRole, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.customerId, annaId), eq(auditLog.action, 'meter reading entered (check overridden)')));
    expect(lines).toEqual([{ role: 'customer-service', details: `${ANNA_HEAT} ${reading.id} METER_READING_TOO_LOW_FOR_NEXT: ${REASON}` }]);
  });

  it('never lets the customer override (403 STAFF_ONLY), and wants a reason of 10–500 characters (400), storing nothing', async () => {
    const before = (await stored()).length;
    const customer = await post(anna, { meteringPointId: ANNA_HEAT, value: '99', override: { reason: REASON } });
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toMatchObject({ code: 'STAFF_ONLY' });
    for (const reason of ['', '   short  ', 'x'.repeat(501)]) {
      const response = await post(staff, { meteringPointId: ANNA_HEAT, value: '99', override: { reason } });
      expect(response.statusCode, reason).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    // Staff without a reason are refused as the customer is.
    expect((await post(staff, { meteringPointId: ANNA_HEAT, value: '99' })).json()).toMatchObject({ code: 'METER_READING_IMPLAUSIBLE' });
    expect((await stored()).length).toBe(before);
  });

  it('overrides "implausibly high" and "below last" for staff; a reading the checks accept is stored without an override', async () => {
    // 40 MWh a day after 16.0 is far over 1.2 × 1 day.
    const high = await post(staff, { meteringPointId: ANNA_HEAT, value: '56', override: { reason: REASON } });
    expect(high.statusCode, high.body).toBe(201);
    expect(high.json<MeterReading>().override).toMatchObject({ check: 'METER_READING_IMPLAUSIBLE' });
    const lower = await post(staff, {
      meteringPointId: ANNA_HEAT,
      value: '16.1',
      override: { reason: 'The reading of 56 MWh was mistyped by us' },
    });
    expect(lower.statusCode, lower.body).toBe(201);
    expect(lower.json<MeterReading>().override).toMatchObject({ check: 'METER_READING_BELOW_LAST' });
    const fine = await post(staff, { meteringPointId: ANNA_HEAT, value: '16.2', override: { reason: REASON } });
    expect(fine.statusCode, fine.body).toBe(201);
    expect(fine.json<MeterReading>().override).toBeNull();
  });

  it('refuses a malformed day (400) and a day outside the window (422), for staff too', async () => {
    for (const readOn of ['yesterday', '2026-02-30', '2026-1-05', '']) {
      const response = await post(anna, { meteringPointId: ANNA_HEAT, value: '99', readOn });
      expect(response.statusCode, readOn).toBe(400);
    }
    for (const readOn of [day(1), day(-32)]) {
      for (const cookie of [anna, staff]) {
        const response = await post(cookie, {
          meteringPointId: ANNA_HEAT,
          value: '16.3',
          readOn,
          override: cookie === staff ? { reason: REASON } : undefined,
        });
        expect(response.statusCode, readOn).toBe(422);
        expect(response.json()).toMatchObject({ code: 'METER_READING_DAY_OUT_OF_RANGE' });
        expect(response.json<{ message: string }>().message).toContain(`from ${formatDay(day(-31))} to ${formatDay(today)}`);
      }
    }
  });

  it('replaces customer readings by the month of their own day, and closes the days before the utility’s reading', async () => {
    const db = ctx.database.db;
    const point = (await meterReadingRepository.pointById(db, JANIS_GAS))!;
    await db.transaction((tx) => recordMeasuredReading(tx, point, { readOn: day(-45), value: '1000' }));
    // Day −31 always falls in an earlier month than today; both are entered today.
    const lastMonth = (await post(janis, { meteringPointId: JANIS_GAS, value: '1010', readOn: day(-31) })).json<MeterReading>();
    const thisMonth = (await post(janis, { meteringPointId: JANIS_GAS, value: '1040' })).json<MeterReading>();
    const measured = await db.transaction((tx) => recordMeasuredReading(tx, point, { readOn: today, value: '1045' }));
    expect(measured.replaced).toEqual([thisMonth.id]);
    const readings = (await list(janis, JANIS_GAS)).readings;
    expect(readings.find((reading) => reading.id === lastMonth.id)?.status).toBe('CURRENT');
    expect(readings.find((reading) => reading.id === thisMonth.id)?.status).toBe('SUPERSEDED');
    // The utility read the meter today: today stays open, yesterday is settled.
    expect((await list(janis, JANIS_GAS)).entryWindow).toEqual({ from: today, to: today });
    const settled = await post(janis, { meteringPointId: JANIS_GAS, value: '1044', readOn: day(-1) });
    expect(settled.json()).toMatchObject({ code: 'METER_READING_DAY_OUT_OF_RANGE' });
  });
});

describe('the plausibility rule on both sides of a past day', () => {
  const earlier = [{ readOn: '2026-10-01', value: '1000', meterChanged: false }];
  const later = [{ readOn: '2026-10-31', value: '1300', meterChanged: false }];
  it('bounds the value from above by the next reading and from below by what the days to it can use', () => {
    // Gas, 30 m³ a day at most (history: 300 in 30 days is 10 a day, ×3 = 30): the 11 days to 31 October allow 330.
    const on = (value: string) => judgeReading({ value, readOn: '2026-10-20', meterChanged: false, unit: 'm3' }, earlier, later);
    expect(on('1300')).toEqual({ ok: true });
    expect(on('1300.001')).toMatchObject({ code: 'METER_READING_ABOVE_NEXT', next: '1300', nextOn: '2026-10-31' });
    expect(on('1000')).toEqual({ ok: true });
    const farBefore = judgeReading({ value: '1000', readOn: '2026-10-25', meterChanged: false, unit: 'm3' }, earlier, later);
    expect(farBefore).toMatchObject({ code: 'METER_READING_TOO_LOW_FOR_NEXT', lowest: '1120.000', days: 6 });
  });
  it('does not compare with a next reading that starts a new meter', () => {
    const changed = [{ readOn: '2026-10-31', value: '5', meterChanged: true }];
    expect(judgeReading({ value: '1200', readOn: '2026-10-20', meterChanged: false, unit: 'm3' }, earlier, changed)).toEqual({ ok: true });
  });
});

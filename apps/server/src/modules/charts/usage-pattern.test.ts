import { describe, expect, it } from 'vitest';
import { buildContract, buildMeteringPoint, insertReadings, insertSpotPrices } from '../../test-support/energy-factories.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

/** The hour of Helsinki's clock (EET, +2 in January) an instant falls on. */
const helsinkiHour = (at: Date) => (at.getUTCHours() + 2) % 24;
const FIRST_SATURDAY_10 = Date.parse('2026-01-10T08:00:00Z');

describe('GET /api/charts/usage-pattern', () => {
  const ctx = useTestApp();

  async function ask(query: string, ssn: string = PEOPLE.mikko) {
    const cookie = await sessionCookieFor(ctx.database.db, ssn, 'lumo');
    return ctx.app.inject({ url: `/api/charts/usage-pattern?${query}`, headers: { host: HOSTS.lumo, cookie } });
  }

  it('averages each weekday and hour of the site clock, and counts the spot-priced energy in the cheapest and dearest hours (worked example)', async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002' });
    await buildContract(db, point, { priceType: 'Hourly', components: [{ kind: 'Margin', priceCents: '0.50000' }] });
    // Two weeks, Monday 5 to Sunday 18 January 2026 in Helsinki: 1 kWh an hour, 3 kWh at 18:00, and once 5 kWh on a
    // Saturday at 10:00 (its average over the two Saturdays is 3 kWh).
    await insertReadings(db, point.id, {
      from: new Date('2026-01-04T22:00:00Z'),
      to: new Date('2026-01-18T22:00:00Z'),
      wh: (at) => (at.getTime() === FIRST_SATURDAY_10 ? 5000 : helsinkiHour(at) === 18 ? 3000 : 1000),
    });
    // Each hour's price is its hour of the day: 00–05 are each day's six cheapest hours, 18–23 its six dearest.
    await insertSpotPrices(db, 'FI', {
      from: new Date('2026-01-04T22:00:00Z'),
      to: new Date('2026-01-18T22:00:00Z'),
      minutes: 60,
      eurPerMwh: (at) => `${helsinkiHour(at)}.00`,
    });

    const response = await ask(`meteringPointId=${point.id}&from=2026-01-05&to=2026-01-18`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.cells).toHaveLength(7 * 24);
    const cell = (weekday: number, hour: number) =>
      body.cells.find((one: { weekday: number; hour: number }) => one.weekday === weekday && one.hour === hour).averageKwh;
    expect(cell(1, 0)).toBe(1);
    expect(cell(1, 18)).toBe(3);
    expect(cell(6, 10)).toBe(3);
    expect(cell(7, 10)).toBe(1);
    // 14 days × 26 kWh, plus the Saturday's extra 4 kWh.
    expect(body.totalKwh).toBe(368);
    // Cheapest: 14 × 6 kWh = 84 of 368 = 22.8 %; dearest: 14 × (3 + 5) kWh = 112 of 368 = 30.4 %.
    expect(body.spot).toEqual({ hoursPerDay: 6, days: 14, cheapestPercent: 22.8, dearestPercent: 30.4 });
  });

  it('gives no spot shares without a spot-priced contract, nothing of another customer, and at most a year', async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002' });
    await buildContract(db, point, { priceType: 'Fixed', components: [{ kind: 'Base', priceCents: '8.00000' }] });
    await insertReadings(db, point.id, { from: new Date('2026-02-01T22:00:00Z'), to: new Date('2026-02-02T22:00:00Z') });
    const fixed = await ask(`meteringPointId=${point.id}&from=2026-02-02&to=2026-02-02`);
    expect(fixed.json()).toMatchObject({ totalKwh: 24, spot: null });
    expect(fixed.json().cells).toHaveLength(24);

    const stranger = await ask(`meteringPointId=${point.id}&from=2026-02-02&to=2026-02-02`, PEOPLE.aino);
    expect(stranger.statusCode).toBe(404);
    const tooLong = await ask(`meteringPointId=${point.id}&from=2025-01-01&to=2026-01-02`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('at most 366 days');
  });
});

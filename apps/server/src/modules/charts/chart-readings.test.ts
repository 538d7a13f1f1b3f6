import { describe, expect, it } from 'vitest';
import {
  buildContract,
  buildMeteringPoint,
  customerIdOf,
  insertReadings,
  insertSpotPrices,
  insertTemperatures,
} from '../../test-support/energy-factories.ts';
import { sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { seedDemoEnergy } from '../../db/seed/demo-energy.ts';
import { getChartReadings } from './get-chart-readings.ts';

const SITES = [
  { siteId: 'lumo', host: HOSTS.lumo, clientCode: 'LUMO-100002', ssn: 'FI010101-123N', timezone: 'Europe/Helsinki' },
  { siteId: 'virmalise', host: HOSTS.virmalise, clientCode: 'VE-500102', ssn: 'EE38001085718', timezone: 'Europe/Tallinn' },
  { siteId: 'daugava', host: HOSTS.daugava, clientCode: 'DS-300501', ssn: 'LV150385-12346', timezone: 'Europe/Riga' },
] as const;

const utc = (iso: string) => new Date(iso);

describe('GET /api/charts/readings', () => {
  const ctx = useTestApp();

  async function readings(site: (typeof SITES)[number], query: string) {
    const cookie = await sessionCookieFor(ctx.database.db, site.ssn, site.siteId);
    return ctx.app.inject({ url: `/api/charts/readings?${query}`, headers: { host: site.host, cookie } });
  }

  describe.each(SITES)('in $timezone', (site) => {
    it('buckets days across the spring and autumn DST changes as 23- and 25-hour days', async () => {
      const point = await buildMeteringPoint(ctx.database.db, { siteId: site.siteId, clientCode: site.clientCode });
      // 1 kWh every hour around both changes of 2025 (30 March and 26 October, at 01:00 UTC).
      await insertReadings(ctx.database.db, point.id, { from: utc('2025-03-28T00:00:00Z'), to: utc('2025-04-02T00:00:00Z') });
      await insertReadings(ctx.database.db, point.id, { from: utc('2025-10-24T00:00:00Z'), to: utc('2025-10-29T00:00:00Z') });

      const spring = await readings(site, `series[]=consumption&from=2025-03-29&to=2025-03-31&resolution=day&meteringPointId=${point.id}`);
      expect(spring.statusCode, spring.body).toBe(200);
      expect(spring.json().values.map((value: { value: number }) => value.value)).toEqual([24, 23, 24]);
      expect(spring.json().values[1].date).toBe('2025-03-29T22:00:00.000Z');
      expect(spring.json().total).toBe(71);

      const autumn = await readings(site, `series[]=consumption&from=2025-10-25&to=2025-10-27&resolution=day&meteringPointId=${point.id}`);
      expect(autumn.json().values.map((value: { value: number }) => value.value)).toEqual([24, 25, 24]);

      const shortDay = await readings(site, `series[]=consumption&from=2025-03-30&to=2025-03-30&meteringPointId=${point.id}`);
      expect(shortDay.json().resolution).toBe('hour');
      expect(shortDay.json().values).toHaveLength(23);
      const longDay = await readings(site, `series[]=consumption&from=2025-10-26&to=2025-10-26&meteringPointId=${point.id}`);
      expect(longDay.json().values).toHaveLength(25);
      expect(longDay.json().values.every((value: { value: number }) => value.value === 1)).toBe(true);
    });
  });

  it('picks hour, day or month from the range when no resolution is asked (spec §9)', async () => {
    const site = SITES[0];
    const point = await buildMeteringPoint(ctx.database.db, { siteId: site.siteId, clientCode: site.clientCode });
    const ask = async (from: string, to: string) =>
      (await readings(site, `series[]=consumption&from=${from}&to=${to}&meteringPointId=${point.id}`)).json().resolution;
    expect(await ask('2025-05-01', '2025-05-02')).toBe('hour');
    expect(await ask('2025-05-01', '2025-05-03')).toBe('day');
    expect(await ask('2025-05-01', '2025-06-01')).toBe('day');
    expect(await ask('2025-05-01', '2025-06-02')).toBe('month');
  });

  it('merges the comparison series of a year back by calendar date, leap day onto 28 February', async () => {
    const site = SITES[0];
    const point = await buildMeteringPoint(ctx.database.db, { siteId: site.siteId, clientCode: site.clientCode });
    // 2 kWh an hour in 2025, 1 kWh an hour in 2024 (a leap year): 24 and 48 kWh days.
    await insertReadings(ctx.database.db, point.id, { from: utc('2025-02-26T22:00:00Z'), to: utc('2025-03-02T22:00:00Z'), wh: () => 2000 });
    await insertReadings(ctx.database.db, point.id, { from: utc('2024-02-26T22:00:00Z'), to: utc('2024-03-02T22:00:00Z') });
    const response = await readings(site, `series[]=consumption&series[]=1&from=2025-02-27&to=2025-03-02&meteringPointId=${point.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.yearsBack).toBe(1);
    expect(body.values.map((value: { value: number; comparison: number }) => [value.value, value.comparison])).toEqual([
      [48, 24],
      [48, 48], // 28 February 2025 meets 28 and 29 February 2024
      [48, 24],
      [48, 24],
    ]);
    expect(body.total).toBe(192);
    expect(body.comparisonTotal).toBe(120);
  });

  /**
   * A point in Riga read at 1 kWh an hour from 1 March 2030 to `thisYearTo` and from 27 February to the end of March a
   * year back: its consumption chart with one year back, asked at `now`.
   */
  async function rigaMarch2030(thisYearTo: string, now: string) {
    const site = SITES[2];
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: site.siteId, clientCode: site.clientCode });
    await insertReadings(db, point.id, { from: utc('2030-02-28T22:00:00Z'), to: utc(thisYearTo) });
    await insertReadings(db, point.id, { from: utc('2029-02-26T22:00:00Z'), to: utc('2029-03-31T21:00:00Z') });
    const scope = { siteId: site.siteId, customerId: await customerIdOf(db, site.siteId, site.clientCode) };
    return (from: string, to: string) =>
      getChartReadings(
        db,
        scope,
        { timezone: site.timezone, features: [] },
        { series: 'consumption', yearsBack: 1, from, to, meteringPointId: point.id },
        utc(now),
      );
  }

  it('totals a period running past today against the same days a year back, by day and by month', async () => {
    // Readings to the end of 2 March, asked at noon.
    const chart = await rigaMarch2030('2030-03-02T22:00:00Z', '2030-03-02T12:00:00Z');

    const month = await chart('2030-03-01', '2030-03-31');
    expect([month.total, month.comparisonTotal]).toEqual([48, 48]);
    expect(month.values.at(-1)!.comparison).toBe(24);
    const year = await chart('2030-01-01', '2030-12-31');
    expect(year.resolution).toBe('month');
    // 27–28 February and 1–2 March 2029; all of March 2029 (743 kWh, the hour DST took) was counted before.
    expect([year.total, year.comparisonTotal]).toEqual([48, 96]);
    // A past period is compared whole.
    const february = await chart('2030-02-01', '2030-02-28');
    expect(february.comparisonTotal).toBe(48);
  });

  it("stops the year back where this period's readings stop, by hour, by day and by month", async () => {
    // Now 2 March 2030 14:30 in Riga, readings to 14:00.
    const chart = await rigaMarch2030('2030-03-02T12:00:00Z', '2030-03-02T12:30:00Z');

    const day = await chart('2030-03-02', '2030-03-02');
    expect(day.resolution).toBe('hour');
    // The hours to 14:00 on both sides (the whole of 2 March 2029, 24, before); the year-back bars show the whole day.
    expect([day.total, day.comparisonTotal]).toEqual([14, 14]);
    expect(day.values.at(-1)!.comparison).toBe(1);
    const month = await chart('2030-03-01', '2030-03-31');
    expect([month.total, month.comparisonTotal]).toEqual([38, 38]);
    const year = await chart('2030-01-01', '2030-12-31');
    expect([year.total, year.comparisonTotal]).toEqual([38, 86]);
  });

  it('marks buckets with estimated values and leaves gaps empty', async () => {
    const site = SITES[0];
    const point = await buildMeteringPoint(ctx.database.db, { siteId: site.siteId, clientCode: site.clientCode });
    await insertReadings(ctx.database.db, point.id, {
      from: utc('2025-06-01T21:00:00Z'),
      to: utc('2025-06-02T21:00:00Z'),
      measured: (at) => at.getUTCHours() !== 5,
    });
    const body = (await readings(site, `series[]=consumption&from=2025-06-02&to=2025-06-04&meteringPointId=${point.id}`)).json();
    expect(body.values.map((value: { value: number | null; estimated: boolean }) => [value.value, value.estimated])).toEqual([
      [24, true],
      [null, false],
      [null, false],
    ]);
  });

  it('reads 15-minute rows at quarter-hour resolution and hourly rows above it', async () => {
    const site = SITES[0];
    const point = await buildMeteringPoint(ctx.database.db, { siteId: site.siteId, clientCode: site.clientCode, resolutionMinutes: 15 });
    await insertReadings(ctx.database.db, point.id, {
      from: utc('2025-06-01T21:00:00Z'),
      to: utc('2025-06-02T21:00:00Z'),
      minutes: 15,
      wh: () => 250,
    });
    const quarters = (
      await readings(site, `series[]=consumption&from=2025-06-02&to=2025-06-02&resolution=quarter-hour&meteringPointId=${point.id}`)
    ).json();
    expect(quarters.values).toHaveLength(96);
    expect(quarters.values[0].value).toBe(0.25);
    // No hourly rows stored: hours are summed from the quarters.
    const hours = (await readings(site, `series[]=consumption&from=2025-06-02&to=2025-06-02&meteringPointId=${point.id}`)).json();
    expect(hours.values).toHaveLength(24);
    expect(hours.values[0].value).toBe(1);
  });

  it('nets production against consumption and averages spot prices and temperature', async () => {
    const site = SITES[0];
    const point = await buildMeteringPoint(ctx.database.db, {
      siteId: site.siteId,
      clientCode: site.clientCode,
      hasProduction: true,
      biddingZone: 'FI',
    });
    const day = { from: utc('2031-06-01T21:00:00Z'), to: utc('2031-06-02T21:00:00Z') };
    await insertReadings(ctx.database.db, point.id, { ...day, wh: () => 1500 });
    await insertReadings(ctx.database.db, point.id, { ...day, direction: 'production', wh: (at) => (at.getUTCHours() === 10 ? 4000 : 0) });
    await insertSpotPrices(ctx.database.db, 'FI', { ...day, eurPerMwh: (at) => (at.getUTCMinutes() === 0 ? '100.00' : '60.00') });
    await insertTemperatures(ctx.database.db, point.temperatureArea, { ...day, deciCelsius: (at) => (at.getUTCHours() < 12 ? 150 : 200) });
    const query = `from=2031-06-02&to=2031-06-02&meteringPointId=${point.id}`;
    const netted = (await readings(site, `series[]=netted&${query}&resolution=day`)).json();
    expect(netted.values[0].value).toBe(32);
    const price = (await readings(site, `series[]=price&${query}`)).json();
    expect(price.unit).toBe('c/kWh');
    expect(price.values[0].value).toBe(7); // (100 + 60 + 60 + 60) / 4 €/MWh = 70 €/MWh
    const quarters = (await readings(site, `series[]=price&${query}&resolution=quarter-hour`)).json();
    expect(quarters.values.slice(0, 2).map((value: { value: number }) => value.value)).toEqual([10, 6]);
    const temperature = (await readings(site, `series[]=temperature&${query}&resolution=day`)).json();
    expect(temperature.values[0].value).toBe(17.5);
  });

  describe('cost per period from the contract (rule 5: exact cents)', () => {
    const day = { from: utc('2030-01-14T22:00:00Z'), to: utc('2030-01-15T22:00:00Z') };
    const query = (id: string) => `series[]=consumption&from=2030-01-15&to=2030-01-15&resolution=day&meteringPointId=${id}`;

    it('fixed price: 24 kWh × 10 c × 1.255 = 301.2 → 301 cents', async () => {
      const point = await buildMeteringPoint(ctx.database.db, { siteId: 'lumo', clientCode: 'LUMO-100002' });
      await buildContract(ctx.database.db, point, { components: [{ kind: 'Base', priceCents: '10.00000' }] });
      await insertReadings(ctx.database.db, point.id, day);
      const body = (await readings(SITES[0], query(point.id))).json();
      expect(body.values[0].costCents).toBe(301);
      expect(body.costTotalCents).toBe(301);
    });

    it('spot + margin: each hour at its own price, 15-minute prices averaged per hour', async () => {
      const point = await buildMeteringPoint(ctx.database.db, { siteId: 'lumo', clientCode: 'LUMO-100002', biddingZone: 'LV' });
      await buildContract(ctx.database.db, point, { priceType: 'Hourly', components: [{ kind: 'Margin', priceCents: '0.49000' }] });
      await insertReadings(ctx.database.db, point.id, { ...day, wh: (at) => (at.getUTCHours() === 6 ? 2000 : 1000) });
      // 06:00 UTC hour: quarters 100, 200, 300, 400 €/MWh = 25 c/kWh on average; every other hour 50 €/MWh = 5 c/kWh.
      await insertSpotPrices(ctx.database.db, 'LV', {
        ...day,
        eurPerMwh: (at) => (at.getUTCHours() === 6 ? `${(at.getUTCMinutes() / 15 + 1) * 100}.00` : '50.00'),
      });
      const body = (await readings(SITES[0], query(point.id))).json();
      // (23 × 1 kWh × 5.49 + 2 kWh × 25.49) × 1.255 = (126.27 + 50.98) × 1.255 = 222.44875 → 222
      expect(body.values[0].costCents).toBe(222);
    });

    it('day and night: 07–22 local time at the day price, the rest at night', async () => {
      const point = await buildMeteringPoint(ctx.database.db, { siteId: 'lumo', clientCode: 'LUMO-100002' });
      await buildContract(ctx.database.db, point, {
        components: [
          { kind: 'Day', priceCents: '12.00000' },
          { kind: 'Night', priceCents: '8.00000' },
        ],
      });
      await insertReadings(ctx.database.db, point.id, day);
      const body = (await readings(SITES[0], query(point.id))).json();
      // (15 × 12 + 9 × 8) × 1.255 = 316.26 → 316
      expect(body.values[0].costCents).toBe(316);
    });
  });

  describe('refuses bad input with 400 and the standard body', () => {
    it.each([
      ['an unknown series', 'series[]=voltage&from=2025-01-01&to=2025-01-02&meteringPointId=x'],
      ['a reversed range', 'series[]=consumption&from=2025-02-01&to=2025-01-02&meteringPointId=x'],
      ['a malformed date', 'series[]=consumption&from=2025-13-01&to=2025-01-02&meteringPointId=x'],
      ['a bad comparison', 'series[]=consumption&series[]=ten&from=2025-01-01&to=2025-01-02&meteringPointId=x'],
      ['no metering point', 'series[]=consumption&from=2025-01-01&to=2025-01-02'],
    ])('%s', async (_name, query) => {
      const response = await readings(SITES[0], query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ name: 'ValidationError', statusCode: 400 });
    });

    it('a range too long for its resolution, and five-minute data where the site does not offer it', async () => {
      const point = await buildMeteringPoint(ctx.database.db, { siteId: 'virmalise', clientCode: 'VE-500102' });
      const tooLong = await readings(
        SITES[1],
        `series[]=consumption&from=2025-01-01&to=2025-12-31&resolution=hour&meteringPointId=${point.id}`,
      );
      expect(tooLong.json()).toMatchObject({ statusCode: 400, code: 'RANGE_TOO_LONG' });
      const fiveMinute = await readings(
        SITES[1],
        `series[]=consumption&from=2025-01-01&to=2025-01-01&resolution=five-minute&meteringPointId=${point.id}`,
      );
      expect(fiveMinute.json()).toMatchObject({ statusCode: 400, code: 'RESOLUTION_NOT_AVAILABLE' });
      const netted = await readings(SITES[1], `series[]=netted&from=2025-01-01&to=2025-01-01&meteringPointId=${point.id}`);
      expect(netted.json()).toMatchObject({ statusCode: 400, code: 'SERIES_NOT_AVAILABLE' });
    });
  });

  it('prices Mikko’s fixed-price kWh at 24 % VAT in August 2024 and 25.5 % from September (issue 24)', async () => {
    const site = SITES[0];
    // The demo history of Mikko Korhonen's flat (LE-2024-100842, Lumo Kiinteä: 7.49 c/kWh until May 2025).
    await seedDemoEnergy(ctx.database.db, { now: new Date('2024-10-31T12:00:00Z'), historyDays: 100, clientCodes: ['LUMO-100002'] });
    const body = (
      await readings(site, 'series[]=consumption&from=2024-08-01&to=2024-10-31&resolution=month&meteringPointId=mp-lumo-mikko-el')
    ).json<{ values: { value: number; costCents: number }[] }>();
    const [august, september, october] = body.values;
    const priced = (month: { value: number }, permille: number) =>
      Math.round((Math.round(month.value * 1000) * 7.49 * (1000 + permille)) / 1e6);
    expect(august!.costCents).toBe(priced(august!, 240));
    expect(september!.costCents).toBe(priced(september!, 255));
    expect(october!.costCents).toBe(priced(october!, 255));
    // As the issue puts it: 9.40 × 1.24 / 1.255 ≈ 9.29 c/kWh in August, 9.40 c/kWh in October.
    expect((august!.costCents / august!.value).toFixed(2)).toBe('9.29');
    expect((october!.costCents / october!.value).toFixed(2)).toBe('9.40');
  });

  it("answers 404 for another customer's metering point, on the same site and on another", async () => {
    const mikkos = await buildMeteringPoint(ctx.database.db, { siteId: 'lumo', clientCode: 'LUMO-100002' });
    await insertReadings(ctx.database.db, mikkos.id, { from: utc('2025-01-01T00:00:00Z'), to: utc('2025-01-02T00:00:00Z') });
    const aino = await sessionCookieFor(ctx.database.db, 'FI131052-308T', 'lumo');
    const query = `/api/charts/readings?series[]=consumption&from=2025-01-01&to=2025-01-01&meteringPointId=${mikkos.id}`;
    const response = await ctx.app.inject({ url: query, headers: { host: HOSTS.lumo, cookie: aino } });
    expect(response.statusCode).toBe(404);
    const jaan = await sessionCookieFor(ctx.database.db, 'EE38001085718', 'virmalise');
    expect((await ctx.app.inject({ url: query, headers: { host: HOSTS.virmalise, cookie: jaan } })).statusCode).toBe(404);
  });
});

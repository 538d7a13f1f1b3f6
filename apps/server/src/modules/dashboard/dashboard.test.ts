import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoice } from '../../db/schema/billing.ts';
import { seedDemoInvoices } from '../../db/seed/demo-invoices.ts';
import { buildContract, buildMeteringPoint, customerIdOf, insertReadings, insertSpotPrices } from '../../test-support/energy-factories.ts';
import { sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { costEstimation } from '../locations/locations-service.ts';
import { energyStatistics, expenses, spotStatistics, yearlyConsumption } from './dashboard-statistics.ts';

const HELSINKI = { id: 'lumo', timezone: 'Europe/Helsinki', countryCode: 'FI' } as const;

describe('dashboard statistics', () => {
  const ctx = useTestApp();
  const scopeFor = async (siteId: string, clientCode: string) => ({
    siteId,
    customerId: await customerIdOf(ctx.database.db, siteId, clientCode),
  });

  it('expenses: each month billed as its invoice is, fees by days, VAT once per rate, integer cents', async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'virmalise', clientCode: 'VE-500101' });
    await buildContract(db, point, {
      components: [
        { kind: 'Base', priceCents: '10.00000' },
        { kind: 'Monthly', unit: 'c/month', priceCents: '395.00000' },
      ],
    });
    // Two days of 1 kWh an hour in January 2030 (Helsinki time): 48 kWh.
    await insertReadings(db, point.id, { from: new Date('2030-01-09T22:00:00Z'), to: new Date('2030-01-11T22:00:00Z') });
    const result = await expenses(db, await scopeFor('virmalise', 'VE-500101'), HELSINKI, 'year', new Date('2030-01-20T10:00:00Z'));
    // 1–20 January billed (the months to come are not due yet): 48 kWh × 10 c = 480 c and 395 c × 20/31 = 254.8 → 255 c,
    // 735 c net; Estonia's 24 %: 176.4 → 176 c VAT; 911 c. The fees with their share of the VAT: 255 + 61 = 316 c.
    expect(result.months[0]).toEqual({ month: '2030-01', kwh: 48, energyCents: 595, feesCents: 316, totalCents: 911 });
    expect(result.months).toHaveLength(12);
    expect(result.totalCents).toBe(911);
    expect(result.byUtility).toEqual([{ utility: 'electricity', totalCents: 911 }]);
    expect(result.comparisonTotalCents).toBeNull();
  });

  it('costs a past month on the dashboard what its invoice bills, to the cent', async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002' });
    const contractId = await buildContract(db, point, {
      components: [
        { kind: 'Base', priceCents: '7.49000' },
        { kind: 'Monthly', unit: 'c/month', priceCents: '295.00000' },
      ],
    });
    // October 2026 in Helsinki, 745 hours (the clocks went back on the 25th) of 1.001 kWh: 745.745 kWh.
    await insertReadings(db, point.id, { from: new Date('2026-09-30T21:00:00Z'), to: new Date('2026-10-31T22:00:00Z'), wh: () => 1001 });
    const now = new Date('2026-11-10T10:00:00Z');
    await seedDemoInvoices(db, { now });
    const [october] = await db.select().from(invoice).where(eq(invoice.contractId, contractId));
    // The invoice: 745.745 × 7.49 c = 5585.63 → 5586 c, + 295 c = 5881 c; VAT 25.5 % 1499.655 → 1500 c: 73,81 €.
    expect(october).toMatchObject({ periodStart: '2026-10-01', periodEnd: '2026-10-31', totalCents: 7381 });
    const result = await expenses(db, { siteId: 'lumo', customerId: point.customerId }, HELSINKI, 'year', now);
    const card = result.months.find((month) => month.month === '2026-10')!;
    // Rounded apart, energy with VAT (7009.97 → 7010 c) and the fee with VAT (370.2 → 370 c) came to 73,80 €.
    expect(card.totalCents).toBe(october!.totalCents);
  });

  it('counts a meter that only ever delivered quarter-hours (the audit saw empty statistics for one)', async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001', resolutionMinutes: 15 });
    await insertReadings(db, point.id, {
      from: new Date('2031-05-01T21:00:00Z'),
      to: new Date('2031-05-02T21:00:00Z'),
      minutes: 15,
      wh: () => 250,
    });
    const result = await energyStatistics(
      db,
      await scopeFor('lumo', 'LUMO-100001'),
      HELSINKI,
      { period: 'month', meteringPointId: point.id, direction: 'consumption' },
      new Date('2031-05-20T12:00:00Z'),
    );
    const electricity = result.utilities.find((entry) => entry.utility === 'electricity')!;
    expect(electricity.total).toBe(24);
    expect(electricity.values.find((value) => value.value !== null)).toMatchObject({ date: '2031-05-01T21:00:00.000Z', value: 24 });
  });

  it('answers every utility with its own readings, read together (decision 135)', async () => {
    const db = ctx.database.db;
    const scope = await scopeFor('virmalise', 'VE-500101');
    const heating = await buildMeteringPoint(db, { siteId: 'virmalise', clientCode: 'VE-500101', utility: 'heating' });
    const gas = await buildMeteringPoint(db, { siteId: 'virmalise', clientCode: 'VE-500101', utility: 'gas' });
    // Heating: 1–2 March 2035 at 2 kWh an hour (96 kWh). Gas: 1 March 2035 at 1 kWh an hour (24 kWh) and 1 March 2034
    // at 0.5 kWh (12 kWh), the same day a year back. Helsinki time.
    await insertReadings(db, heating.id, { from: new Date('2035-02-28T22:00:00Z'), to: new Date('2035-03-02T22:00:00Z'), wh: () => 2000 });
    await insertReadings(db, gas.id, { from: new Date('2035-02-28T22:00:00Z'), to: new Date('2035-03-01T22:00:00Z') });
    await insertReadings(db, gas.id, { from: new Date('2034-02-28T22:00:00Z'), to: new Date('2034-03-01T22:00:00Z'), wh: () => 500 });
    const now = new Date('2035-03-20T10:00:00Z');
    const month = await energyStatistics(db, scope, HELSINKI, { period: 'month', direction: 'consumption' }, now);
    const byUtility = Object.fromEntries(month.utilities.map((entry) => [entry.utility, entry]));
    expect(Object.keys(byUtility)).toEqual(['electricity', 'heating', 'gas']);
    expect(byUtility.electricity).toMatchObject({ total: 0, comparisonTotal: null });
    // Each its own period and year back: heating has none a year back (no comparison); gas's month so far ends with
    // 1 March, and so does its year back.
    expect(byUtility.heating).toMatchObject({ total: 96, comparisonTotal: null });
    expect(byUtility.gas).toMatchObject({ total: 24, comparisonTotal: 12 });
    expect(byUtility.gas!.values[0]).toMatchObject({ date: '2035-02-28T22:00:00.000Z', value: 24, comparison: 12 });
    const yearly = await yearlyConsumption(db, scope, HELSINKI, 2, now);
    expect(yearly.utilities.map((entry) => [entry.utility, entry.years.map((year) => year.kwh)])).toEqual([
      ['electricity', [0, 0]],
      ['heating', [0, 96]],
      ['gas', [12, 24]],
    ]);
  });

  it('consumption this month by day, with the same days a year back', async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'daugava', clientCode: 'DS-300502', utility: 'gas', gsrn: '11ZLV-G0000000TX' });
    await insertReadings(db, point.id, { from: new Date('2030-02-28T22:00:00Z'), to: new Date('2030-03-02T22:00:00Z'), wh: () => 2000 });
    await insertReadings(db, point.id, { from: new Date('2029-02-28T22:00:00Z'), to: new Date('2029-03-01T22:00:00Z') });
    const result = await energyStatistics(
      db,
      await scopeFor('daugava', 'DS-300502'),
      { timezone: 'Europe/Riga' },
      { period: 'month', direction: 'consumption' },
      new Date('2030-03-02T12:00:00Z'),
    );
    expect(result).toMatchObject({ from: '2030-03-01', to: '2030-03-31', resolution: 'day' });
    const gas = result.utilities.find((entry) => entry.utility === 'gas')!;
    expect(gas.total).toBe(96);
    expect(gas.comparisonTotal).toBe(24);
    expect(gas.values).toHaveLength(31);
    expect(gas.values.slice(0, 3).map((value) => [value.value, value.comparison])).toEqual([
      [48, 24],
      [48, null],
      [null, null],
    ]);
  });

  /**
   * A gas point in Riga (UTC+2) read at 1 kWh an hour from 1 March 2030 to `thisYearTo`, and from 27 February to the
   * end of March a year back: its consumption statistics for a period, asked at `now`.
   */
  async function rigaGasMarch2030(gsrn: string, thisYearTo: string) {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'daugava', clientCode: 'DS-300502', utility: 'gas', gsrn });
    await insertReadings(db, point.id, { from: new Date('2030-02-28T22:00:00Z'), to: new Date(thisYearTo) });
    await insertReadings(db, point.id, { from: new Date('2029-02-26T22:00:00Z'), to: new Date('2029-03-31T21:00:00Z') });
    const scope = await scopeFor('daugava', 'DS-300502');
    return async (period: 'month' | 'year', now: string) =>
      (
        await energyStatistics(
          db,
          scope,
          { timezone: 'Europe/Riga' },
          { period, direction: 'consumption', meteringPointId: point.id },
          new Date(now),
        )
      ).utilities.find((entry) => entry.utility === 'gas')!;
  }

  it('compares a running month or year with the same days a year back, not with the whole period (−97 % on the 2nd)', async () => {
    // Readings to the end of 2 March, asked at noon.
    const stats = await rigaGasMarch2030('11ZLV-G0000000TY', '2030-03-02T22:00:00Z');
    const gasOf = (period: 'month' | 'year') => stats(period, '2030-03-02T12:00:00Z');

    const month = await gasOf('month');
    // 1–2 March 2029: 48 kWh (the whole of March 2029, 743 kWh with the hour DST took, was compared before).
    expect([month.total, month.comparisonTotal]).toEqual([48, 48]);
    // The chart still shows the whole month a year back, day by day.
    expect(month.values[30]!.comparison).toBe(24);

    const year = await gasOf('year');
    // 27–28 February and 1–2 March 2029: 96 kWh (February's 48 and all of March's 743 before).
    expect([year.total, year.comparisonTotal]).toEqual([48, 96]);
    expect(year.values.slice(0, 3).map((value) => value.comparison)).toEqual([null, 48, 743]);
  });

  it("stops the year back where this period's readings stop: the running day's hours, or the day before when today has none", async () => {
    // Now 2 March 2030 14:30, readings to 14:00 (the 13:00 hour is the latest).
    const gasOf = await rigaGasMarch2030('11ZLV-G0000001TY', '2030-03-02T12:00:00Z');

    // 1 March and 2 March to 14:00 on both sides: 38 against 38 kWh (48, the whole of 2 March 2029, before: −21 %).
    const month = await gasOf('month', '2030-03-02T12:30:00Z');
    expect([month.total, month.comparisonTotal]).toEqual([38, 38]);
    // By month: 27–28 February 2029 whole, 1 March and 2 March to 14:00: 86 kWh (96 before).
    const year = await gasOf('year', '2030-03-02T12:30:00Z');
    expect([year.total, year.comparisonTotal]).toEqual([38, 86]);
    // The next morning, before the day's readings have come (a data hub delivers the next day): the year back stops at
    // 14:00 on 2 March too, not at today's date.
    const nextMorning = await gasOf('month', '2030-03-03T07:00:00Z');
    expect([nextMorning.total, nextMorning.comparisonTotal]).toEqual([38, 38]);
  });

  it('counts 28 February a year back once on 29 February, its day back', async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'daugava', clientCode: 'DS-300502', utility: 'gas', gsrn: '11ZLV-G0000002TY' });
    // Riga, now 29 February 2028 14:30: this year 1 kWh an hour from the 28th to 14:00 on the 29th; 2027 throughout.
    await insertReadings(db, point.id, { from: new Date('2028-02-27T22:00:00Z'), to: new Date('2028-02-29T12:00:00Z') });
    await insertReadings(db, point.id, { from: new Date('2027-02-26T22:00:00Z'), to: new Date('2027-03-31T21:00:00Z') });
    const scope = await scopeFor('daugava', 'DS-300502');
    const { utilities } = await energyStatistics(
      db,
      scope,
      { timezone: 'Europe/Riga' },
      { period: 'month', direction: 'consumption', meteringPointId: point.id },
      new Date('2028-02-29T12:30:00Z'),
    );
    // 27 and 28 February 2027, whole: 48 kWh. 2027 has no 29th; its hours to 14:00 on the 28th are not counted twice.
    expect([utilities[0]!.total, utilities[0]!.comparisonTotal]).toEqual([38, 48]);
  });

  it('yearly consumption per calendar year, the running year incomplete', async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-200001' });
    await insertReadings(db, point.id, { from: new Date('2028-12-31T20:00:00Z'), to: new Date('2029-01-01T02:00:00Z') });
    const result = await yearlyConsumption(db, await scopeFor('lumo', 'LUMO-200001'), HELSINKI, 3, new Date('2029-06-01T00:00:00Z'));
    // 20:00 and 21:00 UTC on 31 December are 22:00 and 23:00 in Helsinki; the next four hours are 2029.
    expect(result.utilities[0]!.years).toEqual([
      { year: 2027, kwh: 0, complete: true },
      { year: 2028, kwh: 2, complete: true },
      { year: 2029, kwh: 4, complete: false },
    ]);
  });

  it("today's and tomorrow's spot prices once published, with hourly averages and the current period", async () => {
    const db = ctx.database.db;
    const scope = await scopeFor('lumo', 'LUMO-100001');
    const today = { from: new Date('2031-03-09T22:00:00Z'), to: new Date('2031-03-10T22:00:00Z') };
    await insertSpotPrices(db, 'FI', { ...today, eurPerMwh: (at) => `${40 + at.getUTCMinutes()}.00` });
    const morning = await spotStatistics(db, scope, HELSINKI, 'private', new Date('2031-03-10T08:20:00Z'));
    expect(morning.biddingZone).toBe('FI');
    expect(morning.today!.vatPermille).toBe(255);
    expect(morning.today!.prices).toHaveLength(96);
    expect(morning.today!.hourly).toHaveLength(24);
    expect(morning.today!.hourly[0]!.centsPerKwh).toBe(6.25); // (40 + 55 + 70 + 85) / 4 €/MWh
    expect(morning.today).toMatchObject({ minimum: 4, maximum: 8.5, average: 6.25 });
    expect(morning.current).toEqual({ startsAt: '2031-03-10T08:15:00.000Z', centsPerKwh: 5.5 });
    expect(morning.tomorrow).toBeNull();
    await insertSpotPrices(db, 'FI', { from: today.to, to: new Date('2031-03-11T22:00:00Z'), eurPerMwh: () => '12.34' });
    const afternoon = await spotStatistics(db, scope, HELSINKI, 'private', new Date('2031-03-10T13:00:00Z'));
    expect(afternoon.tomorrow).toMatchObject({ date: '2031-03-11', average: 1.234 });
  });

  it('cost estimation bills the month so far, and the month with its other days at the average day', async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-200001' });
    await buildContract(db, point, {
      components: [
        { kind: 'Base', priceCents: '10.00000' },
        { kind: 'Monthly', unit: 'c/month', priceCents: '500.00000' },
      ],
    });
    // A second object of hers, its own contract at 20 c/kWh: read in the same statement, billed on its own.
    const cabin = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-200001' });
    await buildContract(db, cabin, { components: [{ kind: 'Base', priceCents: '20.00000' }] });
    // 1–10 April 2032: ten days of 24 kWh = 240 c a day.
    await insertReadings(db, point.id, { from: new Date('2032-03-31T21:00:00Z'), to: new Date('2032-04-10T21:00:00Z') });
    await insertReadings(db, cabin.id, { from: new Date('2032-03-31T21:00:00Z'), to: new Date('2032-04-10T21:00:00Z') });
    const result = await costEstimation(
      db,
      await scopeFor('lumo', 'LUMO-200001'),
      HELSINKI,
      [point.objectId, cabin.objectId],
      new Date('2032-04-11T09:00:00Z'),
    );
    // So far (1–11 April): 2,400 c + 500 c × 11/30 = 183 c → 2,583 c, with 25.5 % VAT (658.7 → 659) 3,242 c.
    // The month: 30 days of 24 kWh = 7,200 c + 500 c = 7,700 c, with VAT (1,963.5 → 1,964) 9,664 c.
    // The cabin: 240 kWh × 20 c = 4,800 c, with VAT (1,224) 6,024 c; the month 30 × 24 kWh × 20 c = 14,400 c, with VAT
    // (3,672) 18,072 c.
    expect(result.objects).toEqual([
      { objectId: point.objectId, month: '2032-04', kwhToDate: 240, costToDateCents: 3242, estimatedMonthCents: 9664 },
      { objectId: cabin.objectId, month: '2032-04', kwhToDate: 240, costToDateCents: 6024, estimatedMonthCents: 18072 },
    ]);
  });
});

describe('usage points and locations over HTTP', () => {
  const ctx = useTestApp();

  it("lists only the actor's own locations and their technical data", async () => {
    const db = ctx.database.db;
    const mine = await buildMeteringPoint(db, {
      siteId: 'lumo',
      clientCode: 'LUMO-100001',
      street: 'Kuusikallionkuja 7',
      city: 'Espoo',
      gsrn: '643001100000543212',
    });
    await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002', street: 'Kuusikallionkuja 9', city: 'Espoo' });
    const cookie = await sessionCookieFor(db, 'FI131052-308T', 'lumo');
    const locations = await ctx.app.inject({ url: '/api/locations', headers: { host: HOSTS.lumo, cookie } });
    expect(locations.json().map((location: { objectId: string }) => location.objectId)).toEqual([mine.objectId]);
    const technical = await ctx.app.inject({
      url: `/api/usage-points/technical-data?meteringPointId=${mine.id}`,
      headers: { host: HOSTS.lumo, cookie },
    });
    expect(technical.json()).toMatchObject({ gsrn: '643001100000543212', firstReadingAt: null, connectionStatus: 'connected' });
  });

  it('lists each contract with its own price components, exact, read with the contracts in one statement', async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    const older = await buildContract(db, point, {
      startDate: '2024-01-01',
      endDate: '2024-12-31',
      components: [{ kind: 'Base', priceCents: '6.12345' }],
    });
    const newer = await buildContract(db, point, {
      startDate: '2025-01-01',
      components: [
        { kind: 'Base', priceCents: '7.49000', validFrom: '2025-01-01' },
        { kind: 'Power', unit: 'c/kW', priceCents: '250.00000', thresholdKw: '5.500' },
      ],
    });
    // Another customer's contract at their own point: never among hers (rule 1).
    await buildContract(db, await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002' }), {
      components: [{ kind: 'Base', priceCents: '9.99000' }],
    });
    const cookie = await sessionCookieFor(db, 'FI131052-308T', 'lumo');
    const statements = async () =>
      (await ctx.app.metrics.requestStatements.get()).values.find(
        (value) => value.metricName === 'portal_http_request_statements_sum' && value.labels.route === '/api/locations',
      )?.value ?? 0;
    // The session is read and kept by a first call, once the writes above were heard (they drop what a copy keeps of
    // the customer, on PostgreSQL a moment later), so the count below is the locations' own.
    await ctx.app.customerAnswers.caughtUp();
    expect((await ctx.app.inject({ url: '/api/me', headers: { host: HOSTS.lumo, cookie } })).statusCode).toBe(200);
    const before = await statements();
    const answer = await ctx.app.inject({ url: '/api/locations', headers: { host: HOSTS.lumo, cookie } });
    type Listed = { meteringPoints: { id: string; contracts: { id: string; priceComponents: unknown[] }[] }[] };
    const contracts = answer
      .json<Listed[]>()
      .flatMap((location) => location.meteringPoints)
      .find((listed) => listed.id === point.id)!.contracts;
    expect(contracts.map((row) => row.id)).toEqual([older, newer]);
    expect(contracts[0]!.priceComponents).toEqual([
      { kind: 'Base', unit: 'c/kWh', priceCents: '6.12345', thresholdKw: null, validFrom: '2020-01-01', validTo: null },
    ]);
    expect(contracts[1]!.priceComponents).toEqual([
      { kind: 'Base', unit: 'c/kWh', priceCents: '7.49000', thresholdKw: null, validFrom: '2025-01-01', validTo: null },
      { kind: 'Power', unit: 'c/kW', priceCents: '250.00000', thresholdKw: '5.500', validFrom: '2020-01-01', validTo: null },
    ]);
    // The points, then the contracts with their components (decision 135): two statements, not three.
    expect((await statements()) - before).toBe(2);
  });
});

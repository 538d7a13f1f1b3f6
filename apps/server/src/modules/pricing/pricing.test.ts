import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { localDate, localHour } from '@portal/schema/calendar-dates';
import type { PriceComponentKind, PriceType } from '@portal/schema/enums';
import { queryRows } from '../../platform/database.ts';
import { whToKwh } from '../../platform/exact-money.ts';
import { KALLIO_GRID_PRODUCTS } from '../../db/seed/demo-products.ts';
import { buildContract, buildMeteringPoint, insertReadings, insertSpotPrices } from '../../test-support/energy-factories.ts';
import { useTestApp } from '../../test-support/test-app.ts';
import { energyBuckets } from '../readings/energy-queries.ts';
import { billPeriod, type BilledComponent } from './bill-period.ts';
import { billedDays } from './billed-days.ts';
import { contractsToBill } from './contract-bills.ts';
import { componentRateSql } from './pricing-sql.ts';
import { energyKindApplies, energyUnitPrice, feeApplies, feePerMonth, type LocalTime, type PricedComponent } from './tariff.ts';
import { vatRateRows } from './vat-rate-repository.ts';
import { vatPermilleOn, vatSchedule } from './vat-rates.ts';

const kwh = (kind: PriceComponentKind, priceCents: string): PricedComponent => ({ kind, unit: 'c/kWh', priceCents, thresholdKw: null });
const winterEvening = { date: '2026-01-15', hour: 23 };
const winterMorning = { date: '2026-01-15', hour: 7 };
const summerNoon = { date: '2026-07-15', hour: 12 };
const summerNight = { date: '2026-07-15', hour: 6 };
const HELSINKI = 'Europe/Helsinki';
/** The local hour of an instant on the site's clock, as the readings are priced (rule 4). */
const onHelsinkiClock = (iso: string): LocalTime => ({
  date: localDate(new Date(iso), HELSINKI),
  hour: localHour(new Date(iso), HELSINKI),
});

describe('pricing: worked examples of every component kind', () => {
  it('Base and Margin charge every kWh', () => {
    expect(energyUnitPrice('Fixed', [kwh('Base', '8.49')], summerNight)).toBe(8.49);
    // Hourly: 10 c/kWh day-ahead + 0.49 c/kWh margin.
    expect(energyUnitPrice('Hourly', [kwh('Margin', '0.49')], winterEvening, 10)).toBeCloseTo(10.49, 10);
  });

  it('Day charges 07:00–22:00 local time, Night the rest, every day of the week', () => {
    const dayNight = [kwh('Day', '9.20'), kwh('Night', '6.70')];
    expect(energyUnitPrice('Fixed', dayNight, summerNoon)).toBe(9.2);
    expect(energyUnitPrice('Fixed', dayNight, { date: '2026-07-15', hour: 21 })).toBe(9.2); // the hour from 21:00 is the last day hour
    expect(energyUnitPrice('Fixed', dayNight, { date: '2026-07-15', hour: 22 })).toBe(6.7);
    expect(energyUnitPrice('Fixed', dayNight, summerNight)).toBe(6.7);
    // A night-time product has no weekday rule: a winter Sunday's noon is day (Sunday 11 January 2026).
    expect(energyUnitPrice('Fixed', dayNight, { date: '2026-01-11', hour: 12 })).toBe(9.2);
  });

  /**
   * Decision 129. The seasonal time division as Finnish distribution companies publish it: "Kausisähkö:
   * talviarkipäivä 1.11.–31.3. ma–la klo 07–22; muu aika 1.11.–31.3. ma–la klo 22–07, su klo 00–24; muu aika
   * 1.4.–31.10. ma–su klo 00–24" (Nivos, network price list, https://www.nivos.fi/yrityksille/tuotteet/verkkopalveluhinnasto-yrityksille-isot-sulakkeet-182018-alkaen);
   * "vintervardagar alla vardagar från måndag till lördag kl. 07–22 under perioden 1.11–31.3" (Turku Energia,
   * Kausisiirto, https://www.turkuenergia.fi/sv/elnat/eldistributionsprodukter-priser-och-avtalsvillkor/).
   */
  describe('DayWinter is winter weekday daytime: 1 November – 31 March, Monday to Saturday, 07:00–22:00', () => {
    const seasonal = [kwh('Day', '9.00'), kwh('Night', '7.00'), kwh('DayWinter', '12.00'), kwh('NightWinter', '6.00')];
    const price = (time: LocalTime) => energyUnitPrice('Fixed', seasonal, time);

    it('a winter weekday from 07:00 to 21:59 is day, its night and every hour of Sunday the other time', () => {
      expect(price(winterMorning)).toBe(12); // Thursday 15 January 2026, 07:00
      expect(price(winterEvening)).toBe(6); // the same Thursday, 23:00
      // Saturday 10 January 2026: a weekday of the rule, 07:00 to the hour starting 21:00.
      expect(price({ date: '2026-01-10', hour: 6 })).toBe(6);
      expect(price({ date: '2026-01-10', hour: 7 })).toBe(12);
      expect(price({ date: '2026-01-10', hour: 21 })).toBe(12); // 21:00–21:59
      expect(price({ date: '2026-01-10', hour: 22 })).toBe(6);
      // Sunday 11 January 2026: other time all day, noon too.
      for (const hour of [0, 7, 12, 21, 23]) expect(price({ date: '2026-01-11', hour })).toBe(6);
      // Monday from midnight: 00:00–06:59 is still other time, 07:00 the day rate.
      expect(price({ date: '2026-01-12', hour: 6 })).toBe(6);
      expect(price({ date: '2026-01-12', hour: 7 })).toBe(12);
      // A public holiday counts as its weekday: Christmas Day, Friday 25 December 2026.
      expect(price({ date: '2026-12-25', hour: 12 })).toBe(12);
    });

    it('the season turns at local midnight: 31 March is winter, 1 April summer; 31 October summer, 1 November winter', () => {
      expect(price({ date: '2026-03-31', hour: 21 })).toBe(12); // Tuesday 31 March, 21:00–21:59
      expect(price({ date: '2026-04-01', hour: 21 })).toBe(9); // Wednesday 1 April, 21:00: summer's Day
      expect(price({ date: '2026-04-01', hour: 0 })).toBe(7); // the first hour of April: summer's Night
      expect(price({ date: '2026-10-31', hour: 12 })).toBe(9); // Saturday 31 October: still summer
      // Monday 1 November 2027: 06:00–06:59 other time, 07:00 the winter weekday rate.
      expect(price({ date: '2027-11-01', hour: 6 })).toBe(6);
      expect(price({ date: '2027-11-01', hour: 7 })).toBe(12);
      // Sunday 1 November 2026: winter has begun, but a Sunday is other time all day.
      expect(price({ date: '2026-11-01', hour: 7 })).toBe(6);
    });

    it('reads the site clock across the daylight-saving changes: 07:00 is 05:00 UTC in winter time, 04:00 UTC in summer time', () => {
      // Saturday 28 March 2026, winter time (UTC+2): 07:00 local is 05:00 UTC.
      expect(price(onHelsinkiClock('2026-03-28T04:59:00Z'))).toBe(6);
      expect(price(onHelsinkiClock('2026-03-28T05:00:00Z'))).toBe(12);
      // Sunday 29 March 2026, the clocks go forward at 03:00: a day of 23 hours, all of them other time.
      expect(price(onHelsinkiClock('2026-03-29T09:00:00Z'))).toBe(6);
      // Monday 30 March 2026, summer time (UTC+3): 07:00 local is 04:00 UTC, and 21:00 local is 18:00 UTC.
      expect(price(onHelsinkiClock('2026-03-30T03:00:00Z'))).toBe(6);
      expect(price(onHelsinkiClock('2026-03-30T04:00:00Z'))).toBe(12);
      expect(price(onHelsinkiClock('2026-03-31T18:59:00Z'))).toBe(12); // Tuesday 31 March, 21:59 local
      expect(price(onHelsinkiClock('2026-03-31T19:00:00Z'))).toBe(6); // 22:00 local: still winter, its other time
      expect(price(onHelsinkiClock('2026-03-31T21:00:00Z'))).toBe(7); // Wednesday 1 April, 00:00 local
      // Monday 1 November 2027, winter time again (the clocks went back on Sunday 31 October): 07:00 is 05:00 UTC.
      expect(price(onHelsinkiClock('2027-11-01T04:59:00Z'))).toBe(6);
      expect(price(onHelsinkiClock('2027-11-01T05:00:00Z'))).toBe(12);
    });

    it('Kallio’s Kausisiirto: 4.90 c/kWh in winter weekday daytime, 2.10 c/kWh at every other hour', () => {
      const kausi = KALLIO_GRID_PRODUCTS.seasonal.map((component) => ({ ...component, thresholdKw: null }));
      expect(energyUnitPrice('Fixed', kausi, { date: '2026-01-10', hour: 12 })).toBe(4.9); // a winter Saturday
      expect(energyUnitPrice('Fixed', kausi, { date: '2026-01-11', hour: 12 })).toBe(2.1); // a winter Sunday
      expect(energyUnitPrice('Fixed', kausi, { date: '2026-07-15', hour: 12 })).toBe(2.1); // a summer weekday
    });

    it('bills a winter Sunday’s daytime as other time, and each month by its own days', () => {
      const components: BilledComponent[] = seasonal.map((component) => ({ ...component, validFrom: '2020-01-01', validTo: null }));
      const day = (date: string) => ({ date, dayWh: 10_000n, nightWh: 4_000n, spotWh: 0n, spotScaled: 0n, peakWh: 0n });
      // Saturday 28 March to Wednesday 1 April 2026 (Sunday the 29th), at VAT 0 % so the rows are the whole bill.
      const rows = billPeriod({
        from: '2026-03-28',
        to: '2026-04-01',
        priceType: 'Fixed',
        components,
        billingChannel: 'Email',
        vat: [{ from: '2020-01-01', to: '9999-12-31', permille: 0 }],
        days: ['2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31', '2026-04-01'].map(day),
      }).rows.map((row) => [row.componentKind, row.quantity, row.netCents]);
      expect(rows).toEqual([
        ['Day', '10.000', 90], // 1 April's daytime at summer's Day
        ['Night', '4.000', 28],
        ['DayWinter', '30.000', 360], // Saturday, Monday and Tuesday: 3 × 10 kWh × 12 c
        ['NightWinter', '26.000', 156], // 3 × 4 kWh of their nights + Sunday's 14 kWh, × 6 c
      ]);
    });
  });

  it('Floor and Ceiling bound the spot price of a limited hourly contract and charge nothing themselves', () => {
    const limited = [kwh('Margin', '0.50'), kwh('Floor', '2.00'), kwh('Ceiling', '15.00')];
    expect(energyUnitPrice('FixedHourlyWithPriceLimits', limited, summerNoon, -1.2)).toBe(2.5);
    expect(energyUnitPrice('FixedHourlyWithPriceLimits', limited, summerNoon, 40)).toBe(15.5);
    expect(energyUnitPrice('FixedHourlyWithPriceLimits', limited, summerNoon, 7)).toBe(7.5);
    // On a plain hourly contract the limits do not apply.
    expect(energyUnitPrice('Hourly', limited, summerNoon, 40)).toBe(40.5);
    expect(energyUnitPrice('Fixed', limited, summerNoon, 40)).toBe(0.5);
  });

  it('Monthly and YearlyCost are fees per month; PaperBill only while invoices go by post', () => {
    expect(feePerMonth({ kind: 'Monthly', unit: 'c/month', priceCents: '395.00000', thresholdKw: null })).toBe('395.00000');
    // 47.88 € a year = 399 c a month.
    expect(feePerMonth({ kind: 'YearlyCost', unit: 'c/year', priceCents: '4788.00000', thresholdKw: null })).toBe('399.00000');
    expect(feePerMonth({ kind: 'YearlyCost', unit: 'c/year', priceCents: '1000.00000', thresholdKw: null })).toBe('83.33333');
    expect(feeApplies('PaperBill', 'Address')).toBe(true);
    expect(feeApplies('PaperBill', 'Email')).toBe(false);
    expect(feeApplies('Monthly', 'OVT')).toBe(true);
    expect(feeApplies('Base', 'Address')).toBe(false);
  });
});

/** Local calendar day and hour of an instant on a site's clock. */
function localTime(at: Date, timezone: string): LocalTime {
  return { date: localDate(at, timezone), hour: localHour(at, timezone) };
}

describe('pricing in the database against the plain reference', () => {
  const ctx = useTestApp();
  const timezone = 'Europe/Helsinki';
  // Across the end of winter (31 March → 1 April) and the spring-forward night (29 March 2026), in Helsinki.
  const from = new Date('2026-03-28T22:00:00Z');
  const to = new Date('2026-04-01T21:00:00Z');
  const spotEur = (at: Date) => ((at.getTime() / 3_600_000) % 17) * 9 - 20; // −20…124 €/MWh, some negative
  const whOf = (at: Date) => 200 + ((at.getTime() / 3_600_000) % 11) * 137;

  const kinds = fc.subarray(['Base', 'Margin', 'Day', 'Night', 'DayWinter', 'NightWinter', 'Floor', 'Ceiling'] as const, { minLength: 1 });
  const price = fc.integer({ min: 0, max: 2_000_000 }).map((scaled) => (scaled / 100_000).toFixed(5));
  const contractArbitrary = fc.record({
    priceType: fc.constantFrom<PriceType>('Fixed', 'Hourly', 'FixedHourlyWithPriceLimits'),
    kinds,
    prices: fc.array(price, { minLength: 8, maxLength: 8 }),
  });

  it('prices every interval as energyUnitPrice does, with the VAT in force on its local day on top', async () => {
    const db = ctx.database.db;
    const vat = vatSchedule(await vatRateRows(db), {
      countryCode: 'FI',
      utility: 'electricity',
      supply: 'energy',
      customerType: 'private',
    });
    await insertSpotPrices(db, 'FI', { from, to, minutes: 60, eurPerMwh: (at) => spotEur(at).toFixed(2) });
    await fc.assert(
      fc.asyncProperty(contractArbitrary, async ({ priceType, kinds: chosen, prices }) => {
        const components = chosen.map((kind, index) => kwh(kind, prices[index]!));
        const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002' });
        await buildContract(db, point, { priceType, components });
        await insertReadings(db, point.id, { from, to, wh: whOf });

        const expected = new Map<string, number>();
        for (let at = from.getTime(); at < to.getTime(); at += 3_600_000) {
          const instant = new Date(at);
          const local = localTime(instant, timezone);
          const unit = energyUnitPrice(priceType, components, local, spotEur(instant) / 10);
          const rate = vatPermilleOn(vat, local.date);
          expected.set(local.date, (expected.get(local.date) ?? 0) + (whOf(instant) * unit * (1000 + rate)) / 1_000_000);
        }
        const rows = await energyBuckets(db, {
          scope: { siteId: 'lumo', customerId: point.customerId },
          meteringPointIds: [point.id],
          directions: 'consumption',
          bucket: 'day',
          timezone,
          from: '2026-03-29',
          to: '2026-04-01',
          withCost: true,
        });
        expect(rows).toHaveLength(4);
        for (const row of rows) {
          const want = expected.get(row.key.slice(0, 10)) ?? 0;
          expect(Math.abs((row.costCents ?? 0) - want)).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 20, seed: 9 },
    );
  });

  // Every hour of 2026 on Helsinki's clock: both daylight-saving changes, every season boundary, 52 Sundays.
  const yearFrom = new Date('2025-12-31T22:00:00Z');
  const yearTo = new Date('2026-12-31T22:00:00Z');
  const hoursOfYear = () => {
    const hours: Date[] = [];
    for (let at = yearFrom.getTime(); at < yearTo.getTime(); at += 3_600_000) hours.push(new Date(at));
    return hours;
  };
  const seasonalPrices = [kwh('Day', '9.00'), kwh('Night', '7.00'), kwh('DayWinter', '12.00'), kwh('NightWinter', '6.00')];

  it('agrees with the plain rule on every hour of a year: each energy kind, on a seasonal contract and not', async () => {
    const kinds: PriceComponentKind[] = ['Base', 'Day', 'Night', 'DayWinter', 'NightWinter'];
    const cases = kinds.flatMap((kind) => [true, false].map((seasonal) => ({ kind, seasonal })));
    const rate = componentRateSql({
      kind: sql`k.kind`,
      price: sql`1`,
      priceType: sql`'Fixed'`,
      seasonal: sql`k.seasonal`,
      spot: sql`null::numeric`,
      floor: sql`null::numeric`,
      ceiling: sql`null::numeric`,
      local: sql`(h.h at time zone ${HELSINKI}::text)`,
    });
    const values = sql.join(
      cases.map((item, index) => sql`(${index}::int, ${item.kind}::text, ${item.seasonal}::boolean)`),
      sql`, `,
    );
    const rows = await queryRows<{ starts_at: Date | string; applies: string }>(
      ctx.database.db,
      sql`select h.h as starts_at, string_agg(case when ${rate} = 1 then '1' else '0' end, '' order by k.n) as applies
          from generate_series(${yearFrom.toISOString()}::timestamptz, ${new Date(yearTo.getTime() - 3_600_000).toISOString()}::timestamptz, interval '1 hour') as h(h)
          cross join (values ${values}) as k(n, kind, seasonal)
          group by h.h order by h.h`,
    );
    const hours = hoursOfYear();
    expect(hours).toHaveLength(8760);
    expect(rows.map((row) => new Date(row.starts_at).toISOString())).toEqual(hours.map((at) => at.toISOString()));
    const mismatches = rows.flatMap((row, index) => {
      const time = localTime(hours[index]!, HELSINKI);
      const expected = cases.map((item) => (energyKindApplies(item.kind, time, item.seasonal) ? '1' : '0')).join('');
      return row.applies === expected ? [] : [{ ...time, sql: row.applies, ts: expected }];
    });
    expect(mismatches).toEqual([]);
    // The count of winter weekday day hours of 2026: winter days Monday to Saturday × 15 hours.
    const winterWeekdayHours = hours.filter((at) => energyKindApplies('DayWinter', localTime(at, HELSINKI), true)).length;
    expect(winterWeekdayHours).toBe(129 * 15);
  });

  it('bills and charts a year of a seasonal contract’s hours as the plain rule prices them, kind by kind', async () => {
    const db = ctx.database.db;
    const vat = vatSchedule(await vatRateRows(db), {
      countryCode: 'FI',
      utility: 'electricity',
      supply: 'network',
      customerType: 'private',
    });
    const point = await buildMeteringPoint(db, { siteId: 'kallio', clientCode: 'KV-400101' });
    const contractId = await buildContract(db, point, { type: 'GridContract', components: seasonalPrices });
    // 1.000–3.002 kWh an hour, never the same two hours in a row: one hour priced at the wrong rate moves its day by
    // at least 1 kWh × 1 c/kWh with VAT, more than the rounding a day's cost allows.
    const whOf = (at: Date) => 1000 + ((at.getTime() / 3_600_000) % 23) * 91;
    await insertReadings(db, point.id, { from: yearFrom, to: yearTo, wh: whOf });

    const whByKind = new Map<PriceComponentKind, number>();
    const costByDay = new Map<string, number>();
    for (const at of hoursOfYear()) {
      const time = localTime(at, HELSINKI);
      for (const component of seasonalPrices)
        if (energyKindApplies(component.kind, time, true)) whByKind.set(component.kind, (whByKind.get(component.kind) ?? 0) + whOf(at));
      const cost = (whOf(at) * energyUnitPrice('Fixed', seasonalPrices, time) * (1000 + vatPermilleOn(vat, time.date))) / 1_000_000;
      costByDay.set(time.date, (costByDay.get(time.date) ?? 0) + cost);
    }

    // The bill: the days billed-days.ts reads, billed by bill-period.ts.
    const days = (await billedDays(db, { contractIds: [contractId], from: '2026-01-01', to: '2026-12-31', timezone: HELSINKI })).get(
      contractId,
    )!;
    expect(days).toHaveLength(365);
    const bill = billPeriod({
      from: '2026-01-01',
      to: '2026-12-31',
      priceType: 'Fixed',
      components: seasonalPrices.map((component) => ({ ...component, validFrom: '2020-01-01', validTo: null })),
      billingChannel: 'Email',
      vat,
      days,
    });
    expect(bill.rows.map((row) => [row.componentKind, row.quantity])).toEqual(
      (['Day', 'Night', 'DayWinter', 'NightWinter'] as const).map((kind) => [kind, whToKwh(whByKind.get(kind)!)]),
    );

    // The charts: each interval priced in SQL, a day's cost rounded once.
    const rows = await energyBuckets(db, {
      scope: { siteId: 'kallio', customerId: point.customerId },
      meteringPointIds: [point.id],
      directions: 'consumption',
      bucket: 'day',
      timezone: HELSINKI,
      from: '2026-01-01',
      to: '2026-12-31',
      withCost: true,
    });
    expect(rows).toHaveLength(365);
    const off = rows.filter((row) => Math.abs((row.costCents ?? 0) - costByDay.get(row.key.slice(0, 10))!) > 0.5);
    expect(off.map((row) => row.key)).toEqual([]);
  });

  it('charges fees a month at a time: Monthly, a twelfth of YearlyCost, PaperBill only by post', async () => {
    const vat = vatSchedule(await vatRateRows(ctx.database.db), {
      countryCode: 'FI',
      utility: 'electricity',
      supply: 'energy',
      customerType: 'private',
    });
    const fees = [
      {
        kind: 'Monthly' as const,
        unit: 'c/month' as const,
        priceCents: '395.00000',
        thresholdKw: null,
        validFrom: '2026-01-01',
        validTo: null,
      },
      {
        kind: 'YearlyCost' as const,
        unit: 'c/year' as const,
        priceCents: '1200.00000',
        thresholdKw: null,
        validFrom: '2026-01-01',
        validTo: null,
      },
      {
        kind: 'PaperBill' as const,
        unit: 'c/month' as const,
        priceCents: '290.00000',
        thresholdKw: null,
        validFrom: '2026-01-01',
        validTo: null,
      },
    ];
    const february = { from: '2026-02-01', to: '2026-02-28', priceType: 'Fixed' as const, components: fees, vat, days: [] };
    // (395 + 100 + 290) × 1.255 = 985.175 → 985 c; without the paper fee (395 + 100) × 1.255 = 621.225 → 621 c.
    expect(billPeriod({ ...february, billingChannel: 'Address' }).totalCents).toBe(985);
    expect(billPeriod({ ...february, billingChannel: 'Email' }).totalCents).toBe(621);
  });

  it('does not price a contract that was never signed or was cancelled', async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002' });
    await buildContract(db, point, {
      status: 'cancelled',
      startDate: '2026-01-01',
      components: [{ kind: 'Monthly', unit: 'c/month', priceCents: '395.00000' }],
    });
    expect(await contractsToBill(db, { siteId: 'lumo', customerId: point.customerId }, [point.id])).toEqual([]);
  });
});

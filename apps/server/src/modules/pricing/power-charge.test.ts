import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '@portal/schema/calendar-dates';
import { queryRows } from '../../platform/database.ts';
import { buildContract, buildMeteringPoint, insertReadings } from '../../test-support/energy-factories.ts';
import { useTestApp } from '../../test-support/test-app.ts';
import { billPeriod, type BilledComponent, type BilledDay } from './bill-period.ts';
import { billedDays } from './billed-days.ts';
import { billContract, contractsToBill } from './contract-bills.ts';
import { dayPeaksSql } from './pricing-sql.ts';
import { chargedPowerW, kwToW, peakOf, powerChargeCents, type PricedComponent } from './tariff.ts';
import { vatRateRows } from './vat-rate-repository.ts';
import { vatSchedule } from './vat-rates.ts';

/*
 * The power charge (decision 119): Energiavirasto's rule of February 2026 for distribution tariffs from 2029 — the
 * month's highest 60-minute mean power, households above an 8 kW threshold. Prices here are a demo DSO's, 5.00 €/kW
 * a month; VAT on the network service in Finland is 25.5 % in 2026.
 */

const power = (thresholdKw: string | null): PricedComponent => ({ kind: 'Power', unit: 'c/kW', priceCents: '500.00000', thresholdKw });
const billed = (component: PricedComponent): BilledComponent => ({ ...component, validFrom: '2026-01-01', validTo: null });
const monthly: BilledComponent = {
  kind: 'Monthly',
  unit: 'c/month',
  priceCents: '350.00000',
  thresholdKw: null,
  validFrom: '2026-01-01',
  validTo: null,
};

/** Days of a month, 30 kWh each, each day's highest hour `peakWh(date)`. */
function monthDays(from: string, to: string, peakWh: (date: string) => bigint): BilledDay[] {
  const days: BilledDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1))
    days.push({ date, dayWh: 20_000n, nightWh: 10_000n, spotWh: 0n, spotScaled: 0n, peakWh: peakWh(date) });
  return days;
}

describe('power charge: the rule', () => {
  it('charges the kW of the peak hour above the threshold, exactly', () => {
    expect(kwToW('8.000')).toBe(8000n);
    expect(kwToW('8')).toBe(8000n);
    expect(kwToW('0.5')).toBe(500n);
    // An hour of 11 234 Wh is 11.234 kW for 60 minutes: 3.234 kW above 8 kW × 500 c = 1 617 c.
    expect(chargedPowerW(11_234n, '8.000')).toBe(3234n);
    expect(powerChargeCents(power('8.000'), 11_234n)).toBe(1617);
    // Under or at the threshold: nothing.
    expect(chargedPowerW(7_999n, '8.000')).toBe(0n);
    expect(powerChargeCents(power('8.000'), 8_000n)).toBe(0);
    // No threshold (a company's product): every kW; 0.001 kW × 500 c = 0.5 c rounds half up to 1 c.
    expect(powerChargeCents(power(null), 11_234n)).toBe(5617);
    expect(powerChargeCents(power(null), 1n)).toBe(1);
  });

  it('names the highest hour, the earliest of equals', () => {
    const at = (iso: string, wh: bigint) => ({ startsAt: new Date(iso), wh });
    expect(peakOf([at('2026-01-02T10:00:00Z', 5n), at('2026-01-01T10:00:00Z', 7n), at('2026-01-03T10:00:00Z', 7n)])).toEqual(
      at('2026-01-01T10:00:00Z', 7n),
    );
    expect(peakOf([])).toBeNull();
  });
});

describe('power charge in a bill', () => {
  const ctx = useTestApp();
  const networkVat = async () =>
    vatSchedule(await vatRateRows(ctx.database.db), {
      countryCode: 'FI',
      utility: 'electricity',
      supply: 'network',
      customerType: 'private',
    });

  it('a month whose peak stays under the threshold bills no power charge', async () => {
    const bill = billPeriod({
      from: '2026-06-01',
      to: '2026-06-30',
      priceType: 'Fixed',
      components: [monthly, billed(power('8.000'))],
      billingChannel: 'Email',
      vat: await networkVat(),
      days: monthDays('2026-06-01', '2026-06-30', () => 4_200n),
    });
    expect(bill.rows.map((row) => row.componentKind)).toEqual(['Monthly']);
    // 350 c × 1.255 = 439.25 → 439 c.
    expect(bill.totalCents).toBe(439);
  });

  it('a month over it bills the kW above it once, whatever days the peak falls on', async () => {
    const bill = billPeriod({
      from: '2026-01-01',
      to: '2026-01-31',
      priceType: 'Fixed',
      components: [monthly, billed(power('8.000'))],
      billingChannel: 'Email',
      vat: await networkVat(),
      // The coldest evening (sauna, heat pump and the car charging): 11.234 kWh in one hour.
      days: monthDays('2026-01-01', '2026-01-31', (date) => (date === '2026-01-15' ? 11_234n : 9_100n)),
    });
    expect(bill.rows).toEqual([
      { componentKind: 'Power', unit: 'kW', quantity: '3.234', unitPriceCents: '500.00000', netCents: 1617, vatPermille: 255 },
      { componentKind: 'Monthly', unit: 'month', quantity: '1.000', unitPriceCents: '350.00000', netCents: 350, vatPermille: 255 },
    ]);
    // Net 1 967 c; VAT 25.5 % = 501.585 → 502 c; total 2 469 c.
    expect(bill).toMatchObject({ netCents: 1967, vatCents: 502, totalCents: 2469 });
  });

  it('a contract starting mid-month bills its days of the month, at the peak of its days', async () => {
    const bill = billPeriod({
      from: '2026-01-17',
      to: '2026-01-31',
      priceType: 'Fixed',
      components: [billed(power('8.000'))],
      billingChannel: 'Email',
      vat: await networkVat(),
      days: monthDays('2026-01-17', '2026-01-31', () => 10_000n),
    });
    // 2 kW × 15/31 of a month = 0.968 kW-months; 500 c × 2 × 15/31 = 483.87 → 484 c.
    expect(bill.rows).toEqual([
      { componentKind: 'Power', unit: 'kW', quantity: '0.968', unitPriceCents: '500.00000', netCents: 484, vatPermille: 255 },
    ]);
  });
});

describe('power charge from the hourly rollups, on the site clock', () => {
  const ctx = useTestApp();
  const timezone = 'Europe/Helsinki';
  const label = (at: Date) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'shortOffset',
    }).format(at);

  async function gridContract(resolutionMinutes: number) {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002', resolutionMinutes });
    await buildContract(db, point, {
      type: 'GridContract',
      startDate: '2026-01-01',
      components: [
        { kind: 'Monthly', unit: 'c/month', priceCents: '350.00000' },
        { kind: 'Power', unit: 'c/kW', priceCents: '500.00000', thresholdKw: '8.000' },
      ],
    });
    return point;
  }

  /** The peaks and bill of one local month as the database reads them, against the plain rule over the same hours. */
  async function monthOf(point: Awaited<ReturnType<typeof gridContract>>, from: string, to: string) {
    const db = ctx.database.db;
    const scope = { siteId: 'lumo', customerId: point.customerId };
    const [contract] = await contractsToBill(db, scope, [point.id]);
    const days = (await billedDays(db, { contractIds: [contract!.id], from, to, timezone, scope })).get(contract!.id) ?? [];
    const bill = billContract(contract!, await vatRateRows(db), days, from, to);
    const lower = sql`((${from}::date)::timestamp at time zone ${timezone}::text)`;
    const upper = sql`(((${to}::date + 1)::timestamp) at time zone ${timezone}::text)`;
    const contracts = sql`(select id, metering_point_id, start_date, coalesce(end_date, 'infinity'::date) as end_date from contract where id = ${contract!.id})`;
    const peaks = await queryRows<{ day: string; wh: string; starts_at: Date | string }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, wh::text as wh, starts_at from (${dayPeaksSql({ contracts, lower, upper, timezone })}) p order by day`,
    );
    const hours = peaks.map((peak) => ({ day: peak.day, wh: BigInt(peak.wh), startsAt: new Date(peak.starts_at) }));
    return { days, bill, hours, peak: peakOf(hours) };
  }

  it('March: the 23-hour day counts its hours on the local clock, and 1 April 00:00 is April', async () => {
    const point = await gridContract(60);
    // Local March 2026: 28 February 22:00Z (00:00 EET) to 31 March 21:00Z (00:00 EEST on 1 April); readings run on
    // into April. The hour from 04:00 EEST on 29 March (01:00Z), right after the clocks skip 03:00, is March's peak;
    // a higher hour at 00:00 EEST on 1 April (31 March 21:00Z) belongs to April.
    const peakAt = new Date('2026-03-29T01:00:00Z');
    const aprilAt = new Date('2026-03-31T21:00:00Z');
    await insertReadings(ctx.database.db, point.id, {
      from: new Date('2026-02-28T22:00:00Z'),
      to: new Date('2026-04-01T21:00:00Z'),
      wh: (at) =>
        at.getTime() === peakAt.getTime() ? 9_870 : at.getTime() === aprilAt.getTime() ? 12_000 : 1_000 + (at.getUTCHours() % 7) * 500,
    });
    const march = await monthOf(point, '2026-03-01', '2026-03-31');
    expect(march.hours).toHaveLength(31);
    expect(march.peak).toEqual({ day: '2026-03-29', wh: 9_870n, startsAt: peakAt });
    expect(label(march.peak!.startsAt)).toBe('29/03/2026, 04:00 GMT+3');
    // The bill reads the same peak: 1.870 kW above 8 kW × 500 c = 935 c.
    expect(march.days.find((day) => day.date === '2026-03-29')?.peakWh).toBe(9_870n);
    expect(march.bill?.rows.find((row) => row.componentKind === 'Power')).toMatchObject({ quantity: '1.870', netCents: 935 });

    const april = await monthOf(point, '2026-04-01', '2026-04-01');
    expect(april.peak).toEqual({ day: '2026-04-01', wh: 12_000n, startsAt: aprilAt });
    expect(label(april.peak!.startsAt)).toBe('01/04/2026, 00:00 GMT+3');
  });

  it('October: a quarter-hour meter makes hours of four quarters, and the repeated 03:00 is two hours of a 25-hour day', async () => {
    const point = await gridContract(15);
    // 25 October 2026: clocks go back at 04:00 EEST to 03:00 EET, so local 03:00–04:00 happens twice: 00:00Z (EEST)
    // and 01:00Z (EET). The second one holds the month's peak, 2 400 Wh a quarter = 9.6 kWh in its hour.
    const secondThree = new Date('2026-10-25T01:00:00Z').getTime();
    await insertReadings(ctx.database.db, point.id, {
      from: new Date('2026-09-30T21:00:00Z'),
      to: new Date('2026-10-31T22:00:00Z'),
      minutes: 15,
      wh: (at) => {
        const t = at.getTime();
        if (t >= secondThree && t < secondThree + 3_600_000) return 2_400;
        // Each quarter below 2 000 Wh: no other hour reaches 8 kWh.
        return 250 + ((t / 900_000) % 13) * 130;
      },
    });
    const october = await monthOf(point, '2026-10-01', '2026-10-31');
    expect(october.peak).toEqual({ day: '2026-10-25', wh: 9_600n, startsAt: new Date(secondThree) });
    expect(label(october.peak!.startsAt)).toBe('25/10/2026, 03:00 GMT+2');
    // The plain rule over the same readings: sum quarters into UTC hours, take the highest of the local month.
    const hours = new Map<number, number>();
    for (let t = new Date('2026-09-30T21:00:00Z').getTime(); t < new Date('2026-10-31T22:00:00Z').getTime(); t += 900_000) {
      const hour = Math.floor(t / 3_600_000) * 3_600_000;
      const wh = t >= secondThree && t < secondThree + 3_600_000 ? 2_400 : 250 + ((t / 900_000) % 13) * 130;
      hours.set(hour, (hours.get(hour) ?? 0) + wh);
    }
    const reference = peakOf([...hours].map(([t, wh]) => ({ startsAt: new Date(t), wh: BigInt(wh) })));
    expect(reference).toEqual({ startsAt: october.peak!.startsAt, wh: october.peak!.wh });
    // The day of the repeated hour has 25 of them, all of them October's.
    const day = await queryRows<{ hours: number }>(
      ctx.database.db,
      sql`select count(*)::int as hours from reading_hour where metering_point_id = ${point.id}
          and (starts_at at time zone ${timezone}::text)::date = '2026-10-25'`,
    );
    expect(day[0]!.hours).toBe(25);
    // 1.600 kW above 8 kW × 500 c = 800 c.
    expect(october.bill?.rows.find((row) => row.componentKind === 'Power')).toMatchObject({ quantity: '1.600', netCents: 800 });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PriceComponentKind, PriceType } from '@portal/schema/enums';
import { buildContract, buildMeteringPoint, insertReadings, insertSpotPrices } from '../../test-support/energy-factories.ts';
import { useTestApp } from '../../test-support/test-app.ts';
import { energyBuckets } from '../readings/energy-queries.ts';
import { billPeriod } from './bill-period.ts';
import { contractsToBill } from './contract-bills.ts';
import { energyUnitPrice, feeApplies, feePerMonth, type PricedComponent } from './tariff.ts';
import { vatRateRows } from './vat-rate-repository.ts';
import { vatPermilleOn, vatSchedule } from './vat-rates.ts';

const kwh = (kind: PriceComponentKind, priceCents: string): PricedComponent => ({ kind, unit: 'c/kWh', priceCents, thresholdKw: null });
const winterEvening = { month: 1, hour: 23 };
const winterMorning = { month: 1, hour: 7 };
const summerNoon = { month: 7, hour: 12 };
const summerNight = { month: 7, hour: 6 };

describe('pricing: worked examples of every component kind', () => {
  it('Base and Margin charge every kWh', () => {
    expect(energyUnitPrice('Fixed', [kwh('Base', '8.49')], summerNight)).toBe(8.49);
    // Hourly: 10 c/kWh day-ahead + 0.49 c/kWh margin.
    expect(energyUnitPrice('Hourly', [kwh('Margin', '0.49')], winterEvening, 10)).toBeCloseTo(10.49, 10);
  });

  it('Day charges 07:00–22:00 local time, Night the rest', () => {
    const dayNight = [kwh('Day', '9.20'), kwh('Night', '6.70')];
    expect(energyUnitPrice('Fixed', dayNight, summerNoon)).toBe(9.2);
    expect(energyUnitPrice('Fixed', dayNight, { month: 7, hour: 21 })).toBe(9.2); // the hour from 21:00 is the last day hour
    expect(energyUnitPrice('Fixed', dayNight, { month: 7, hour: 22 })).toBe(6.7);
    expect(energyUnitPrice('Fixed', dayNight, summerNight)).toBe(6.7);
  });

  it('DayWinter and NightWinter replace Day and Night from November to March', () => {
    const seasonal = [kwh('Day', '9.00'), kwh('Night', '7.00'), kwh('DayWinter', '12.00'), kwh('NightWinter', '6.00')];
    expect(energyUnitPrice('Fixed', seasonal, winterMorning)).toBe(12);
    expect(energyUnitPrice('Fixed', seasonal, winterEvening)).toBe(6);
    expect(energyUnitPrice('Fixed', seasonal, { month: 11, hour: 10 })).toBe(12);
    expect(energyUnitPrice('Fixed', seasonal, { month: 4, hour: 10 })).toBe(9);
    expect(energyUnitPrice('Fixed', seasonal, summerNight)).toBe(7);
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

/** Local month and hour of an instant on a site's clock. */
function localTime(at: Date, timezone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    month: 'numeric',
    hour: 'numeric',
    day: '2-digit',
    year: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)!.value;
  return { month: Number(get('month')), hour: Number(get('hour')), date: `${get('year')}-${get('month').padStart(2, '0')}-${get('day')}` };
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

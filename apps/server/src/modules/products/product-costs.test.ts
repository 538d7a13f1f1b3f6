import { instantAt } from '@portal/schema/calendar-dates';
import type { PointProductCosts } from '@portal/schema/products';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildInvoice } from '../../test-support/billing-factories.ts';
import { buildContract, buildMeteringPoint, customerIdOf, insertReadings, insertSpotPrices } from '../../test-support/energy-factories.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import type { Database } from '../../platform/database.ts';
import { productCosts } from './product-costs.ts';

const TZ = 'Europe/Helsinki';
// The 10th of July 2026: the twelve whole months compared are July 2025 to June 2026, all at Finland's 25.5 % VAT.
const NOW = new Date('2026-07-10T09:00:00Z');

/** One hour of 10 kWh at noon on each day given, priced at 100 €/MWh (10 c/kWh) on the day-ahead market. */
async function useOn(db: Database, meteringPointId: string, days: string[]) {
  for (const day of days) {
    const from = instantAt(day, 12, TZ);
    const to = new Date(from.getTime() + 3_600_000);
    await insertReadings(db, meteringPointId, { from, to, wh: () => 10_000 });
    await insertSpotPrices(db, 'FI', { from, to, minutes: 60, eurPerMwh: () => '100.00' });
  }
}

/** A month's invoice of the test contract: 10 kWh at 8.49 c and the 3.95 € monthly fee for the days billed, at 25.5 %. */
const monthRows = (feeNetCents: number) => [
  { componentKind: 'Base' as const, unit: 'kWh' as const, quantity: '10.000', unitPriceCents: '8.49000', netCents: 85 },
  { componentKind: 'Monthly' as const, unit: 'month' as const, quantity: '1.000', unitPriceCents: '395.00000', netCents: feeNetCents },
];

const monthsFrom = (first: string, count: number) =>
  Array.from({ length: count }, (_, index) => {
    const date = new Date(`${first}T00:00:00Z`);
    date.setUTCMonth(date.getUTCMonth() + index);
    return date.toISOString().slice(0, 10);
  });

const lastDayOf = (monthStart: string) => {
  const date = new Date(`${monthStart}T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1, 0);
  return date.toISOString().slice(0, 10);
};

describe('what another product would have cost me (decision 120)', () => {
  const ctx = useTestApp();
  let ainoPoint: string;
  let mikkoPoint: string;

  const costsOf = async (clientCode: string, meteringPointId: string, query = {}) => {
    const db = ctx.database.db;
    const id = await customerIdOf(db, 'lumo', clientCode);
    const answer = await productCosts(
      { db },
      { siteId: 'lumo', customerId: id },
      { id, type: 'private' },
      { timezone: TZ, countryCode: 'FI' },
      query,
      NOW,
    );
    return { period: answer.period, point: answer.points.find((point) => point.meteringPointId === meteringPointId) };
  };
  const costOf = (point: PointProductCosts | undefined, productId: string) => point?.products.find((row) => row.productId === productId);

  beforeAll(async () => {
    const db = ctx.database.db;
    // Aino: a whole year of use, 10 kWh on the first day of each month from July 2025, on a fixed contract.
    const aino = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001', street: 'Vertailukatu 1' });
    ainoPoint = aino.id;
    const supply = await buildContract(db, aino, {
      startDate: '2025-01-01',
      components: [
        { kind: 'Base', priceCents: '8.49000' },
        { kind: 'Monthly', unit: 'c/month', priceCents: '395.00000' },
      ],
    });
    await useOn(db, aino.id, monthsFrom('2025-07-01', 12));
    const billed = { id: supply, siteId: 'lumo', customerId: aino.customerId, gsrn: 'test', meteringPointId: aino.id };
    // Each month: 85 c + 395 c = 480 c net, 122.4 → 122 c VAT, 602 c in all.
    for (const month of monthsFrom('2025-06-01', 13)) {
      await buildInvoice(db, {
        contract: billed,
        periodStart: month,
        periodEnd: lastDayOf(month),
        dueDate: '2026-08-01',
        rows: monthRows(395),
      });
    }
    // A correction of March 2026 credits 100 c net: −25.5 → −26 c VAT, −126 c.
    await buildInvoice(db, {
      contract: billed,
      periodStart: '2026-03-01',
      periodEnd: '2026-03-31',
      dueDate: '2026-08-01',
      rows: [{ componentKind: 'Base', unit: 'kWh', quantity: '0.000', unitPriceCents: '0.00000', netCents: -100 }],
    });
    // The network service of the same point is another supply: its bill is no part of what the energy cost.
    const grid = await buildContract(db, aino, {
      type: 'GridContract',
      startDate: '2025-01-01',
      components: [{ kind: 'Base', priceCents: '5.00000' }],
    });
    await buildInvoice(db, {
      contract: { ...billed, id: grid },
      periodStart: '2025-08-01',
      periodEnd: '2025-08-31',
      dueDate: '2025-09-30',
    });

    // Mikko: a contract from 10 April 2026, used since that day; April and May invoiced, June not yet.
    const mikko = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002', street: 'Uusikatu 2' });
    mikkoPoint = mikko.id;
    const mikkoSupply = await buildContract(db, mikko, {
      startDate: '2026-04-10',
      components: [
        { kind: 'Base', priceCents: '8.49000' },
        { kind: 'Monthly', unit: 'c/month', priceCents: '395.00000' },
      ],
    });
    await useOn(db, mikko.id, ['2026-04-10', '2026-05-01', '2026-06-01']);
    const mikkoBilled = { id: mikkoSupply, siteId: 'lumo', customerId: mikko.customerId, gsrn: 'test', meteringPointId: mikko.id };
    // April's 21 days of 30: the fee 395 × 21 / 30 = 276.5 → 277 c; 362 c net, 92.31 → 92 c VAT, 454 c.
    await buildInvoice(db, {
      contract: mikkoBilled,
      periodStart: '2026-04-10',
      periodEnd: '2026-04-30',
      dueDate: '2026-06-01',
      rows: monthRows(277),
    });
    await buildInvoice(db, {
      contract: mikkoBilled,
      periodStart: '2026-05-01',
      periodEnd: '2026-05-31',
      dueDate: '2026-07-01',
      rows: monthRows(395),
    });
  });

  it('prices a whole year of the customer’s own use under each product on offer, beside what they were invoiced', async () => {
    const { period, point } = await costsOf('LUMO-100001', ainoPoint);
    expect(period).toEqual({ from: '2025-07-01', to: '2026-06-30' });
    expect(point).toMatchObject({ utility: 'electricity', pricedFrom: '2025-07-01', months: 12, kwh: 120 });
    expect(point!.address.street).toBe('Vertailukatu 1');
    // Add-ons are no supply (Tuulivoima), and company products are not Aino's to see.
    expect(point!.products.map((row) => row.productId).sort()).toEqual(['pr-lumo-kiintea-12', 'pr-lumo-porssi', 'pr-lumo-porssi-katto']);
    // Paid: 12 × 602 c (July 2025 to June 2026; June 2025 lies outside) − 126 c credited = 7098 c, every month covered;
    // the network bill of August is another supply's.
    for (const row of point!.products) expect(row).toMatchObject({ paidCents: 7098, paidMonths: 12, current: false });
    // Lumo Kiinteä 12 kk: 120 kWh × 8.29 c = 994.8 → 995 c + 12 × 295 c = 4535 c net, VAT 1156.425 → 1156 c: 5691 c.
    expect(costOf(point, 'pr-lumo-kiintea-12')!.costCents).toBe(5691);
    // Lumo Pörssi: 120 kWh × 10 c spot = 1200 c + 120 × 0.49 c = 58.8 → 59 c + 12 × 395 c = 5999 c, VAT 1529.745 → 1530 c: 7529 c.
    expect(costOf(point, 'pr-lumo-porssi')!.costCents).toBe(7529);
    // Lumo Pörssi Katto: spot within its 1–15 c limits 1200 c + 120 × 0.79 c = 94.8 → 95 c + 4740 c = 6035 c,
    // VAT 1538.925 → 1539 c: 7574 c.
    expect(costOf(point, 'pr-lumo-porssi-katto')!.costCents).toBe(7574);
  });

  it('prices a shorter history from its first day and says how many of its months the invoices cover', async () => {
    const { point } = await costsOf('LUMO-100002', mikkoPoint);
    // Use began on 10 April: April (from the 10th), May and June are priced; April and May are invoiced.
    expect(point).toMatchObject({ pricedFrom: '2026-04-10', months: 3, kwh: 30 });
    expect(point!.products.map((row) => row.productId).sort()).toEqual(['pr-lumo-kiintea-12', 'pr-lumo-porssi']);
    for (const row of point!.products) expect(row).toMatchObject({ paidCents: 454 + 602, paidMonths: 2 });
    // Kiinteä: 30 kWh × 8.29 c = 248.7 → 249 c; the fee for 21/30 + 2 months = 2.7 × 295 c = 796.5 → 797 c; 1046 c net,
    // VAT 266.73 → 267 c: 1313 c.
    expect(costOf(point, 'pr-lumo-kiintea-12')!.costCents).toBe(1313);
    // Pörssi: 300 c spot + 30 × 0.49 c = 14.7 → 15 c + 2.7 × 395 c = 1066.5 → 1067 c; 1382 c net, VAT 352.41 → 352 c: 1734 c.
    expect(costOf(point, 'pr-lumo-porssi')!.costCents).toBe(1734);
  });

  it('shows a campaign product only with its code, and only products of the utility asked for', async () => {
    expect(costOf((await costsOf('LUMO-100002', mikkoPoint)).point, 'pr-lumo-syksy')).toBeUndefined();
    expect(costOf((await costsOf('LUMO-100002', mikkoPoint, { campaignCode: 'syksy2026' })).point, 'pr-lumo-syksy')).toBeDefined();
    expect((await costsOf('LUMO-100002', mikkoPoint, { utility: 'gas' })).point).toBeUndefined();
  });

  it('marks the product the point’s live contract was made from', async () => {
    await ctx.database.db.execute(`update contract set product_name = 'Lumo Kiinteä 12 kk' where metering_point_id = '${mikkoPoint}'`);
    const { point } = await costsOf('LUMO-100002', mikkoPoint);
    expect(costOf(point, 'pr-lumo-kiintea-12')!.current).toBe(true);
    expect(costOf(point, 'pr-lumo-porssi')!.current).toBe(false);
  });

  it('answers each customer with their own points only', async () => {
    const db = ctx.database.db;
    const get = async (person: string) =>
      ctx.app.inject({ url: '/api/me/product-costs', headers: { host: HOSTS.lumo, cookie: await sessionCookieFor(db, person, 'lumo') } });
    const mine = await get(PEOPLE.mikko);
    expect(mine.statusCode).toBe(200);
    const ids = mine.json<{ points: { meteringPointId: string }[] }>().points.map((point) => point.meteringPointId);
    expect(ids).not.toContain(ainoPoint);
    expect(ids).toContain(mikkoPoint);
    const bad = await ctx.app.inject({
      url: '/api/me/product-costs?utility=water',
      headers: { host: HOSTS.lumo, cookie: await sessionCookieFor(db, PEOPLE.mikko, 'lumo') },
    });
    expect(bad.statusCode).toBe(400);
  });
});

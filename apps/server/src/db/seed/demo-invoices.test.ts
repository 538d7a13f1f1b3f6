import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoice, invoiceRow } from '../schema/billing.ts';
import { addDays, monthEnd, monthStart, todayIn } from '@portal/schema/calendar-dates';
import { buildContract, buildMeteringPoint, insertReadings, insertSpotPrices } from '../../test-support/energy-factories.ts';
import { useTestApp } from '../../test-support/test-app.ts';
import { billRows, ISSUE_DELAY_DAYS, type BilledComponent, PAYMENT_TERM_DAYS, seedDemoInvoices } from './demo-invoices.ts';

/** Local midnight of a date in Helsinki as a UTC instant. */
function helsinkiMidnight(date: string): Date {
  for (const offset of ['+02:00', '+03:00']) {
    const at = new Date(`${date}T00:00:00${offset}`);
    if (new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Helsinki', hour: '2-digit', hourCycle: 'h23' }).format(at) === '00') return at;
  }
  throw new Error('no midnight');
}

describe('demo invoices from readings and prices', () => {
  const ctx = useTestApp();

  it('bills each whole month from the metered energy and the contract’s components, with exact VAT', async () => {
    const db = ctx.database.db;
    const now = new Date();
    const today = todayIn('Europe/Helsinki', now);
    const from = helsinkiMidnight(monthStart(today, -3));
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002' });
    const contractId = await buildContract(db, point, {
      priceType: 'Fixed',
      vatPermille: 255,
      components: [
        { kind: 'Base', priceCents: '8.49000' },
        { kind: 'Monthly', unit: 'c/month', priceCents: '395.00000' },
        { kind: 'PaperBill', unit: 'c/month', priceCents: '290.00000' },
      ],
    });
    // 1.234 kWh every hour.
    await insertReadings(db, point.id, { from, to: now, wh: () => 1234 });

    const created = await seedDemoInvoices(db, { now });
    expect(created).toBeGreaterThanOrEqual(2);
    const invoices = await db.select().from(invoice).where(eq(invoice.contractId, contractId)).orderBy(asc(invoice.periodStart));
    const expectedMonths = [-3, -2, -1]
      .map((offset) => monthStart(today, offset))
      .filter((month) => addDays(monthEnd(month), ISSUE_DELAY_DAYS) <= today);
    expect(invoices.map((row) => row.periodStart)).toEqual(expectedMonths);

    for (const billed of invoices) {
      const rows = await db.select().from(invoiceRow).where(eq(invoiceRow.invoiceId, billed.id)).orderBy(asc(invoiceRow.position));
      const hours = Math.round(
        (helsinkiMidnight(monthStart(billed.periodStart, 1)).getTime() - helsinkiMidnight(billed.periodStart).getTime()) / 3_600_000,
      );
      const wh = hours * 1234;
      expect(rows.map((row) => row.componentKind)).toEqual(['Base', 'Monthly']); // e-mail delivery: no paper fee
      expect(rows[0]).toMatchObject({
        unit: 'kWh',
        quantity: (wh / 1000).toFixed(3),
        unitPriceCents: '8.49000',
        netCents: Math.round((wh * 8.49) / 1000),
      });
      expect(rows[1]).toMatchObject({ unit: 'month', netCents: 395 });
      const net = rows.reduce((sum, row) => sum + row.netCents, 0);
      expect(billed).toMatchObject({
        netCents: net,
        vatPermille: 255,
        vatCents: Math.round((net * 255) / 1000),
        totalCents: net + Math.round((net * 255) / 1000),
      });
      expect(billed.dueDate).toBe(addDays(billed.issueDate, PAYMENT_TERM_DAYS));
      expect(billed.referenceNumber).toMatch(/^RF\d{2}\d+$/);
    }
    expect(invoices.at(-1)!.paymentStatus).toBe('unpaid');

    // Running again adds nothing: a contract that has invoices is left as it is.
    expect(await seedDemoInvoices(db, { now })).toBe(0);
  });

  it('prices spot contracts interval by interval from the day-ahead prices', async () => {
    const db = ctx.database.db;
    const now = new Date();
    const today = todayIn('Europe/Helsinki', now);
    const from = helsinkiMidnight(monthStart(today, -2));
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001', biddingZone: 'FI' });
    const contractId = await buildContract(db, point, {
      priceType: 'Hourly',
      components: [
        { kind: 'Margin', priceCents: '0.59000' },
        { kind: 'Monthly', unit: 'c/month', priceCents: '299.00000' },
      ],
    });
    await insertReadings(db, point.id, { from, to: now, wh: () => 2000 });
    // 15-minute prices alternating 80 and 120 €/MWh: every hour averages 100 €/MWh = 10 c/kWh.
    await insertSpotPrices(db, 'FI', {
      from,
      to: now,
      minutes: 15,
      eurPerMwh: (at) => (at.getUTCMinutes() % 30 === 0 ? '80.00' : '120.00'),
    });
    await seedDemoInvoices(db, { now });
    const [billed] = await db.select().from(invoice).where(eq(invoice.contractId, contractId)).orderBy(asc(invoice.periodStart));
    if (!billed) return; // early in the month only the month before last is issued; covered by the first test
    const rows = await db.select().from(invoiceRow).where(eq(invoiceRow.invoiceId, billed.id)).orderBy(asc(invoiceRow.position));
    expect(rows.map((row) => row.componentKind)).toEqual(['Spot', 'Margin', 'Monthly']);
    const kwh = Number(rows[0]!.quantity);
    expect(rows[0]).toMatchObject({ unitPriceCents: '10.00000', netCents: Math.round(kwh * 10) });
    expect(rows[1]!.netCents).toBe(Math.round(kwh * 0.59));
  });

  it('uses winter tariffs only in winter and day/night hours as local time', () => {
    const components = [
      { kind: 'DayWinter', unit: 'c/kWh', priceCents: '12.00000', validFrom: '2020-01-01', validTo: null },
      { kind: 'NightWinter', unit: 'c/kWh', priceCents: '6.00000', validFrom: '2020-01-01', validTo: null },
      { kind: 'Day', unit: 'c/kWh', priceCents: '9.00000', validFrom: '2020-01-01', validTo: null },
      { kind: 'Night', unit: 'c/kWh', priceCents: '7.00000', validFrom: '2020-01-01', validTo: '2025-06-30' },
      { kind: 'Night', unit: 'c/kWh', priceCents: '7.50000', validFrom: '2025-07-01', validTo: null },
    ] satisfies BilledComponent[];
    const energy = { dayWh: 100_000n, nightWh: 50_000n };
    expect(
      billRows(components, '2026-01-01', '2026-01-31', energy, undefined, 'Email').map((row) => [row.componentKind, row.netCents]),
    ).toEqual([
      ['DayWinter', 1200],
      ['NightWinter', 300],
    ]);
    expect(
      billRows(components, '2026-07-01', '2026-07-31', energy, undefined, 'Email').map((row) => [row.componentKind, row.netCents]),
    ).toEqual([
      ['Day', 900],
      ['Night', 375], // the price valid at the end of the month: 7.5 c/kWh
    ]);
  });
});

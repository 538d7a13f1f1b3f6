import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoice, invoiceRow, invoiceVatLine } from '../schema/billing.ts';
import { contract } from '../schema/energy.ts';
import { addDays, monthEnd, monthStart, todayIn } from '@portal/schema/calendar-dates';
import { billPeriod, type BilledComponent } from '../../modules/pricing/bill-period.ts';
import { vatRateRows } from '../../modules/pricing/vat-rate-repository.ts';
import { vatPermilleOn, vatSchedule, type VatKey } from '../../modules/pricing/vat-rates.ts';
import { buildContract, buildMeteringPoint, insertReadings, insertSpotPrices } from '../../test-support/energy-factories.ts';
import { useTestApp } from '../../test-support/test-app.ts';
import { seedDemoEnergy } from './demo-energy.ts';
import { ISSUE_DELAY_DAYS, PAYMENT_TERM_DAYS, seedDemoInvoices } from './demo-invoices.ts';

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
      expect(rows[1]).toMatchObject({ unit: 'month', quantity: '1.000', netCents: 395 });
      expect(rows.map((row) => row.vatPermille)).toEqual([255, 255]);
      const net = rows.reduce((sum, row) => sum + row.netCents, 0);
      expect(billed).toMatchObject({
        netCents: net,
        vatCents: Math.round((net * 255) / 1000),
        totalCents: net + Math.round((net * 255) / 1000),
      });
      const lines = await db.select().from(invoiceVatLine).where(eq(invoiceVatLine.invoiceId, billed.id));
      expect(lines).toMatchObject([{ position: 1, vatPermille: 255, netCents: net, vatCents: billed.vatCents }]);
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

  it('uses winter tariffs only in winter, winter daytime only Monday to Saturday, each price on its own days', async () => {
    const vat = vatSchedule(await vatRateRows(ctx.database.db), {
      countryCode: 'FI',
      utility: 'electricity',
      supply: 'energy',
      customerType: 'private',
    });
    const components = [
      { kind: 'DayWinter', unit: 'c/kWh', priceCents: '12.00000', thresholdKw: null, validFrom: '2020-01-01', validTo: null },
      { kind: 'NightWinter', unit: 'c/kWh', priceCents: '6.00000', thresholdKw: null, validFrom: '2020-01-01', validTo: null },
      { kind: 'Day', unit: 'c/kWh', priceCents: '9.00000', thresholdKw: null, validFrom: '2020-01-01', validTo: null },
      { kind: 'Night', unit: 'c/kWh', priceCents: '7.00000', thresholdKw: null, validFrom: '2020-01-01', validTo: '2026-07-15' },
      { kind: 'Night', unit: 'c/kWh', priceCents: '7.50000', thresholdKw: null, validFrom: '2026-07-16', validTo: null },
    ] satisfies BilledComponent[];
    // 10 kWh by day and 5 kWh by night on each of the first ten and the last ten days of a month.
    const month = (first: string) =>
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30].map((offset) => ({
        date: addDays(first, offset),
        dayWh: 10_000n,
        nightWh: 5_000n,
        spotWh: 0n,
        spotScaled: 0n,
        peakWh: 0n,
      }));
    const bill = (from: string, to: string) =>
      billPeriod({ from, to, priceType: 'Fixed', components, billingChannel: 'Email', vat, days: month(from) }).rows.map((row) => [
        row.componentKind,
        row.unitPriceCents,
        row.netCents,
      ]);
    // January 2026: 18 of the 20 days are Monday to Saturday (winter weekday daytime, decision 129); on Sundays
    // 4 and 25 January the day's 10 kWh are other time: 180 kWh × 12 c, and 100 + 20 kWh × 6 c.
    expect(bill('2026-01-01', '2026-01-31')).toEqual([
      ['DayWinter', '12.00000', 2160],
      ['NightWinter', '6.00000', 720],
    ]);
    // The night price changed on 16 July: each price bills its own days.
    expect(bill('2026-07-01', '2026-07-31')).toEqual([
      ['Day', '9.00000', 1800],
      ['Night', '7.00000', 350],
      ['Night', '7.50000', 375],
    ]);
  });

  it('bills each month at the VAT in force on its days: Estonia 22 % before July 2025, Finland 24 % before September 2024', async () => {
    const db = ctx.database.db;
    const rates = await vatRateRows(db);
    for (const { now, clientCodes, countryCode, expected } of [
      {
        now: new Date('2025-08-10T09:00:00Z'),
        clientCodes: ['VE-500101', 'VE-500102'],
        countryCode: 'EE' as const,
        expected: { '2025-06': 220, '2025-07': 240 },
      },
      {
        now: new Date('2024-10-10T09:00:00Z'),
        clientCodes: ['LUMO-100002'],
        countryCode: 'FI' as const,
        expected: { '2024-08': 240, '2024-09': 255 },
      },
    ]) {
      await seedDemoEnergy(db, { now, historyDays: 75, clientCodes });
      await seedDemoInvoices(db, { now });
      const contracts = await db
        .select({ id: contract.id })
        .from(contract)
        .where(
          inArray(contract.contractNumber, [
            'VE-E-2024-004411',
            'VE-G-2024-001208',
            'VE-E-2024-004590',
            'LE-2024-100842',
            'LE-2024-100843',
          ]),
        );
      const invoices = await db
        .select()
        .from(invoice)
        .where(
          inArray(
            invoice.contractId,
            contracts.map((row) => row.id),
          ),
        );
      for (const [month, permille] of Object.entries(expected)) {
        const ofMonth = invoices.filter((billed) => billed.periodStart.startsWith(month));
        expect(ofMonth.length, `${countryCode} ${month}`).toBeGreaterThan(0);
        for (const billed of ofMonth) {
          const rows = await db.select().from(invoiceRow).where(eq(invoiceRow.invoiceId, billed.id));
          const lines = await db.select().from(invoiceVatLine).where(eq(invoiceVatLine.invoiceId, billed.id));
          const vatKey: VatKey = { countryCode, utility: rows[0]!.utility, supply: 'energy', customerType: 'private' };
          // Every row at the rate in force on the days it bills, every VAT line that rate on its rows' net, once.
          expect(vatPermilleOn(vatSchedule(rates, vatKey), billed.periodStart)).toBe(permille);
          expect(new Set(rows.map((row) => row.vatPermille))).toEqual(new Set([permille]));
          const net = rows.reduce((sum, row) => sum + row.netCents, 0);
          expect(lines).toMatchObject([{ vatPermille: permille, netCents: net, vatCents: Math.round((net * permille) / 1000) }]);
          expect(billed).toMatchObject({ netCents: net, vatCents: lines[0]!.vatCents, totalCents: net + lines[0]!.vatCents });
        }
      }
    }
  });

  it("bills a network operator's power charge from the month's peak hour, in kW above the threshold (decision 119)", async () => {
    const db = ctx.database.db;
    const now = new Date();
    const today = todayIn('Europe/Helsinki', now);
    const month = monthStart(today, -2);
    const point = await buildMeteringPoint(db, { siteId: 'kallio', clientCode: 'KV-400101' });
    const contractId = await buildContract(db, point, {
      type: 'GridContract',
      startDate: monthStart(today, -3),
      components: [
        { kind: 'Monthly', unit: 'c/month', priceCents: '1290.00000' },
        { kind: 'Base', priceCents: '2.40000' },
        { kind: 'Power', unit: 'c/kW', priceCents: '410.00000', thresholdKw: '8.000' },
      ],
    });
    // 1 kWh an hour, and one evening of the month two back at 10.5 kWh in its hour: 2.5 kW above 8 kW.
    const peak = helsinkiMidnight(addDays(month, 14)).getTime() + 18 * 3_600_000;
    await insertReadings(db, point.id, {
      from: helsinkiMidnight(month),
      to: now,
      wh: (at) => (at.getTime() === peak ? 10_500 : 1_000),
    });
    await seedDemoInvoices(db, { now });
    const [billed] = await db.select().from(invoice).where(eq(invoice.contractId, contractId)).orderBy(asc(invoice.periodStart));
    expect(billed!.periodStart).toBe(month);
    const rows = await db.select().from(invoiceRow).where(eq(invoiceRow.invoiceId, billed!.id)).orderBy(asc(invoiceRow.position));
    expect(rows.map((row) => row.componentKind)).toEqual(['Base', 'Power', 'Monthly']);
    // 410 c × 2.5 kW = 1 025 c, VAT excluded.
    expect(rows[1]).toMatchObject({ unit: 'kW', quantity: '2.500', unitPriceCents: '410.00000', netCents: 1025, vatPermille: 255 });
  });
});

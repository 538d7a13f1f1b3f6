import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysInMonth, instantAt, MAX_DATE, monthEnd, monthStart } from '@portal/schema/calendar-dates';
import type { ContractType, CustomerType, OperatingCountryCode, Utility } from '@portal/schema/enums';
import { vatRate, type VatSupply } from '../../db/schema/vat-rates.ts';
import { queryRows, type Executor } from '../../platform/database.ts';
import { buildContract, buildMeteringPoint, customerIdOf, insertReadings } from '../../test-support/energy-factories.ts';
import { useTestApp } from '../../test-support/test-app.ts';
import { energyBuckets } from '../readings/energy-queries.ts';
import { billPeriod, type BilledComponent, type BilledDay } from './bill-period.ts';
import { billedDays } from './billed-days.ts';
import { billContract, contractsToBill } from './contract-bills.ts';
import { contractVatKeysSql, vatRangesSql } from './pricing-sql.ts';
import { vatRateRows } from './vat-rate-repository.ts';
import { MissingVatRate, vatPermilleOn, vatSchedule, vatStretches, type VatKey, type VatRateRow } from './vat-rates.ts';

const key = (
  countryCode: OperatingCountryCode,
  utility: Utility,
  supply: VatSupply = 'energy',
  customerType: CustomerType = 'private',
): VatKey => ({ countryCode, utility, supply, customerType });

/** The schedule of every contract of a condition, as the SQL of pricing-sql.ts gives it ('infinity' as MAX_DATE). */
async function sqlSchedules(executor: Executor, contracts: ReturnType<typeof sql>) {
  const rows = await queryRows<{ contract_id: string; vf: string; vt: string; permille: number | null }>(
    executor,
    sql`with contract_keys as (${contractVatKeysSql(contracts)}), ${vatRangesSql(sql`contract_keys`)}
        select contract_id, to_char(vf, 'YYYY-MM-DD') as vf, case when vt = 'infinity'::date then ${MAX_DATE} else to_char(vt, 'YYYY-MM-DD') end as vt, permille
        from contract_vat order by contract_id, vf`,
  );
  const schedules = new Map<string, { from: string; to: string; permille: number }[]>();
  for (const row of rows) {
    if (row.permille === null) continue;
    const list = schedules.get(row.contract_id) ?? [];
    const last = list.at(-1);
    // The SQL may cut a stretch where a rate of its own series ends and an equal one starts: the days are the same.
    if (last && last.permille === row.permille && addDays(last.to, 1) === row.vf) last.to = row.vt;
    else list.push({ from: row.vf, to: row.vt, permille: Number(row.permille) });
    schedules.set(row.contract_id, list);
  }
  return schedules;
}

describe('the VAT rate history (vat_rate, decision 093)', () => {
  const ctx = useTestApp();

  it('takes each rate from the day its law put it in force, by country, utility, supply and customer type', async () => {
    const rows = await vatRateRows(ctx.database.db);
    const on = (vatKey: VatKey, date: string) => vatPermilleOn(vatSchedule(rows, vatKey), date);
    const fiSale = key('FI', 'electricity');
    expect([on(fiSale, '2022-11-30'), on(fiSale, '2022-12-01'), on(fiSale, '2023-04-30'), on(fiSale, '2023-05-01')]).toEqual([
      240, 100, 100, 240,
    ]);
    expect([on(fiSale, '2024-08-31'), on(fiSale, '2024-09-01'), on(fiSale, '2026-11-29')]).toEqual([240, 255, 255]);
    // The temporary 10 % covered the sale of electricity (with the seller's fees), not the network service, gas or heat.
    expect(on(key('FI', 'electricity', 'network'), '2022-12-01')).toBe(240);
    expect(on(key('FI', 'gas'), '2023-01-15')).toBe(240);
    expect(on(key('FI', 'heating', 'energy', 'legal'), '2023-01-15')).toBe(240);
    for (const utility of ['electricity', 'gas', 'heating'] as const) {
      const ee = key('EE', utility, 'energy', 'legal');
      expect([on(ee, '2023-12-31'), on(ee, '2024-01-01'), on(ee, '2025-06-30'), on(ee, '2025-07-01')]).toEqual([200, 220, 220, 240]);
    }
    expect([on(key('LV', 'electricity'), '2012-06-30'), on(key('LV', 'electricity'), '2012-07-01')]).toEqual([220, 210]);
    // Latvia taxes heat at the reduced rate only when a natural person uses it at home (decision 093: who it applies to).
    expect([on(key('LV', 'heating'), '2011-01-01'), on(key('LV', 'heating'), '2026-11-29')]).toEqual([120, 120]);
    expect([on(key('LV', 'heating', 'energy', 'legal'), '2012-06-30'), on(key('LV', 'heating', 'energy', 'legal'), '2012-07-01')]).toEqual([
      220, 210,
    ]);
  });

  it('lays out a series with a rate enacted for a fixed time: back to the standard rate the day after', async () => {
    const rows = await vatRateRows(ctx.database.db);
    expect(vatSchedule(rows, key('FI', 'electricity'))).toEqual([
      { from: '2013-01-01', to: '2022-11-30', permille: 240 },
      { from: '2022-12-01', to: '2023-04-30', permille: 100 },
      { from: '2023-05-01', to: '2024-08-31', permille: 240 },
      { from: '2024-09-01', to: MAX_DATE, permille: 255 },
    ]);
    expect(vatStretches(vatSchedule(rows, key('EE', 'gas')), '2025-06-20', '2025-07-10')).toEqual([
      { from: '2025-06-20', to: '2025-06-30', permille: 220 },
      { from: '2025-07-01', to: '2025-07-10', permille: 240 },
    ]);
  });

  it('has a rate for every supply it bills on every day since 2013, and refuses a day before its history', async () => {
    const rows = await vatRateRows(ctx.database.db);
    for (const countryCode of ['FI', 'EE', 'LV'] as const)
      for (const utility of ['electricity', 'gas', 'heating'] as const)
        for (const supply of ['energy', 'network'] as const)
          for (const customerType of ['private', 'legal'] as const) {
            const schedule = vatSchedule(rows, key(countryCode, utility, supply, customerType));
            expect(
              vatStretches(schedule, '2013-01-01', '2030-12-31').length,
              `${countryCode} ${utility} ${supply} ${customerType}`,
            ).toBeGreaterThan(0);
          }
    expect(() => vatPermilleOn(vatSchedule(rows, key('FI', 'gas')), '2012-12-31')).toThrow(MissingVatRate);
  });

  it('takes a future change as one more row, with no code change, in the plain function and the SQL alike', async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002' });
    const contractId = await buildContract(db, point, { components: [{ kind: 'Base', priceCents: '10.00000' }] });
    const added = await db
      .insert(vatRate)
      .values({ countryCode: 'FI', validFrom: '2031-01-01', permille: 270, legalSource: 'test: a change to come' })
      .returning({ id: vatRate.id });
    try {
      const rows = await vatRateRows(db);
      const plain = vatSchedule(rows, key('FI', 'electricity'));
      expect(plain.at(-1)).toEqual({ from: '2031-01-01', to: MAX_DATE, permille: 270 });
      expect((await sqlSchedules(db, sql`c.id = ${contractId}`)).get(contractId)).toEqual(plain);
    } finally {
      await db.delete(vatRate).where(sql`${vatRate.id} = ${added[0]!.id}`);
    }
  });

  it('gives each contract in SQL the schedule the plain function gives it, whatever rows the table holds', async () => {
    const db = ctx.database.db;
    const clients = [
      { siteId: 'lumo', clientCode: 'LUMO-100002', biddingZone: 'FI' },
      { siteId: 'lumo', clientCode: 'LUMO-200001', biddingZone: 'FI' },
      { siteId: 'virmalise', clientCode: 'VE-700201', biddingZone: 'EE' },
      { siteId: 'daugava', clientCode: 'DS-300501', biddingZone: 'LV' },
    ] as const;
    const contracts: { id: string; key: VatKey }[] = [];
    for (const client of clients)
      for (const utility of ['electricity', 'heating'] as const)
        for (const type of ['SupplyContract', 'GridContract'] as ContractType[]) {
          const point = await buildMeteringPoint(db, { ...client, utility });
          const id = await buildContract(db, point, { type, components: [{ kind: 'Base', priceCents: '1.00000' }] });
          const customerType = client.clientCode === 'LUMO-200001' || client.clientCode === 'VE-700201' ? 'legal' : 'private';
          contracts.push({
            id,
            key: key(
              client.siteId === 'lumo' ? 'FI' : client.siteId === 'virmalise' ? 'EE' : 'LV',
              utility,
              type === 'GridContract' ? 'network' : 'energy',
              customerType,
            ),
          });
        }
    const day = fc.integer({ min: 0, max: 6000 }).map((offset) => addDays('2010-01-01', offset));
    const row = fc.record({
      countryCode: fc.constantFrom<OperatingCountryCode>('FI', 'EE', 'LV'),
      utility: fc.constantFrom<Utility | null>(null, 'electricity', 'heating'),
      supply: fc.constantFrom<VatSupply | null>(null, 'energy', 'network'),
      customerType: fc.constantFrom<CustomerType | null>(null, 'private', 'legal'),
      validFrom: day,
      length: fc.option(fc.integer({ min: 0, max: 800 })),
      permille: fc.integer({ min: 0, max: 300 }),
    });
    const ids = sql.join(
      contracts.map((contract) => sql`${contract.id}`),
      sql`, `,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(row, { maxLength: 8, selector: (r) => `${r.countryCode}${r.utility}${r.supply}${r.customerType}${r.validFrom}` }),
        async (extra) => {
          const added =
            extra.length === 0
              ? []
              : await db
                  .insert(vatRate)
                  .values(
                    extra.map(({ length, ...rest }) => ({
                      ...rest,
                      validTo: length === null ? null : addDays(rest.validFrom, length),
                      legalSource: 'test',
                    })),
                  )
                  .onConflictDoNothing()
                  .returning({ id: vatRate.id });
          try {
            const rows: VatRateRow[] = await vatRateRows(db);
            const schedules = await sqlSchedules(db, sql`c.id in (${ids})`);
            for (const contract of contracts)
              expect(schedules.get(contract.id) ?? [], JSON.stringify(contract.key)).toEqual(vatSchedule(rows, contract.key));
          } finally {
            for (const { id } of added) await db.delete(vatRate).where(sql`${vatRate.id} = ${id}`);
          }
        },
      ),
      { numRuns: 25, seed: 93 },
    );
  });
});

const daysOf = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/** Instants of local midnights: a local day is 23, 24 or 25 hours. */
const hoursBetween = (from: string, to: string, timezone: string) =>
  (instantAt(addDays(to, 1), 0, timezone).getTime() - instantAt(from, 0, timezone).getTime()) / 3_600_000;

/**
 * Worked examples across each change (issue 24): a contract at 10 c/kWh and 3 € a month, 1 kWh every hour. Each
 * stretch at one rate bills hours × 10 c and the month's fee by days; its VAT line is the stretch's net × the rate,
 * rounded once. Finland from 1 Sep 2024, by hand:
 * - August 2024 (24 %): 744 h × 10 c + 300 c = 7,740 c; VAT 1,857.6 → 1,858 c; 9,598 c.
 * - September 2024 (25.5 %): 720 h × 10 c + 300 c = 7,500 c; VAT 1,912.5 → 1,913 c; 9,413 c.
 * - 16 Aug–15 Sep: 384 h + 300 × 16/31 → 3,840 + 155 = 3,995 c at 24 % (959 c VAT); 360 h + 150 c = 3,750 c at
 *   25.5 % (956.25 → 956 c): two lines, 7,745 c net, 1,915 c VAT, 9,660 c.
 * - 27 Oct 2024, the 25-hour day on the new side: 25 × 10 c × 1.255 = 313.75 → 314 c on the chart.
 */
const CASES = [
  {
    name: 'Finland: the sale of electricity at 10 % from 1 Dec 2022',
    site: 'lumo',
    client: 'LUMO-100002',
    utility: 'electricity',
    type: 'SupplyContract',
    change: '2022-12-01',
    rates: [240, 100],
    dst: '2023-03-26',
  },
  {
    name: 'Finland: the electricity network stays at 24 % on 1 Dec 2022',
    site: 'lumo',
    client: 'LUMO-100002',
    utility: 'electricity',
    type: 'GridContract',
    change: '2022-12-01',
    rates: [240, 240],
    dst: '2023-03-26',
  },
  {
    name: 'Finland: electricity back to 24 % from 1 May 2023',
    site: 'lumo',
    client: 'LUMO-100002',
    utility: 'electricity',
    type: 'SupplyContract',
    change: '2023-05-01',
    rates: [100, 240],
    dst: '2023-10-29',
  },
  {
    name: 'Finland: 25.5 % from 1 Sep 2024',
    site: 'lumo',
    client: 'LUMO-100002',
    utility: 'electricity',
    type: 'SupplyContract',
    change: '2024-09-01',
    rates: [240, 255],
    dst: '2024-10-27',
    worked: {
      before: 9598,
      after: 9413,
      straddle: [
        { vatPermille: 240, netCents: 3995, vatCents: 959 },
        { vatPermille: 255, netCents: 3750, vatCents: 956 },
      ],
      dstCents: 314,
    },
  },
  {
    name: 'Estonia: 22 % from 1 Jan 2024',
    site: 'virmalise',
    client: 'VE-500102',
    utility: 'electricity',
    type: 'SupplyContract',
    change: '2024-01-01',
    rates: [200, 220],
    dst: '2024-03-31',
  },
  {
    name: 'Estonia: gas at 24 % from 1 Jul 2025',
    site: 'virmalise',
    client: 'VE-700201',
    utility: 'gas',
    type: 'GasSupplyContract',
    change: '2025-07-01',
    rates: [220, 240],
    dst: '2025-10-26',
  },
  {
    name: 'Latvia: 21 % from 1 Jul 2012',
    site: 'daugava',
    client: 'DS-300502',
    utility: 'electricity',
    type: 'SupplyContract',
    change: '2012-07-01',
    rates: [220, 210],
    dst: '2012-10-28',
  },
  {
    name: 'Latvia: heat for a household stays at 12 % on 1 Jul 2012',
    site: 'daugava',
    client: 'DS-300501',
    utility: 'heating',
    type: 'HeatingGridContract',
    change: '2012-07-01',
    rates: [120, 120],
    dst: '2012-03-25',
  },
  {
    name: 'Latvia: heat for a company follows the standard rate',
    site: 'daugava',
    client: 'DS-800301',
    utility: 'heating',
    type: 'HeatingGridContract',
    change: '2012-07-01',
    rates: [220, 210],
    dst: '2012-10-28',
  },
] as const;

const ZONES = { lumo: ['FI', 'Europe/Helsinki'], virmalise: ['EE', 'Europe/Tallinn'], daugava: ['LV', 'Europe/Riga'] } as const;

describe('worked examples across each change, billed and charted', () => {
  const ctx = useTestApp();

  it.each(CASES)('$name: a month before, a month after, a period across the change and a DST day', async (example) => {
    const db = ctx.database.db;
    const [zone, timezone] = ZONES[example.site];
    const point = await buildMeteringPoint(db, {
      siteId: example.site,
      clientCode: example.client,
      utility: example.utility,
      biddingZone: zone,
    });
    await buildContract(db, point, {
      type: example.type,
      startDate: '2010-01-01',
      components: [
        { kind: 'Base', priceCents: '10.00000', validFrom: '2010-01-01' },
        { kind: 'Monthly', unit: 'c/month', priceCents: '300.00000', validFrom: '2010-01-01' },
      ],
    });
    const before = monthStart(example.change, -1);
    const after = monthEnd(example.change);
    await insertReadings(db, point.id, { from: instantAt(before, 0, timezone), to: instantAt(addDays(after, 1), 0, timezone) });
    await insertReadings(db, point.id, { from: instantAt(example.dst, 0, timezone), to: instantAt(addDays(example.dst, 1), 0, timezone) });

    const scope = { siteId: example.site, customerId: await customerIdOf(db, example.site, example.client) };
    const [billed] = await contractsToBill(db, scope, [point.id]);
    const rates = await vatRateRows(db);
    const days = (await billedDays(db, { scope, contractIds: [billed!.id], from: before, to: after, timezone })).get(billed!.id)!;
    const bill = (from: string, to: string) => billContract(billed!, rates, days, from, to)!;
    const [oldRate, newRate] = example.rates;
    // A stretch within one month: its hours at 10 c, and its days' share of the month's 3 € fee.
    const line = (from: string, to: string, permille: number) => {
      const fee = Math.round((300 * daysOf(from, to)) / daysInMonth(Number(from.slice(0, 4)), Number(from.slice(5, 7))));
      const net = hoursBetween(from, to, timezone) * 10 + fee;
      return { vatPermille: permille, netCents: net, vatCents: Math.round((net * permille) / 1000) };
    };
    const lastBefore = addDays(example.change, -1);

    const monthBefore = bill(before, lastBefore);
    expect(monthBefore.vatLines).toEqual([line(before, lastBefore, oldRate)]);
    expect(monthBefore.rows.every((row) => row.vatPermille === oldRate)).toBe(true);
    const monthAfter = bill(example.change, after);
    expect(monthAfter.vatLines).toEqual([line(example.change, after, newRate)]);

    const straddle = bill(addDays(before, 15), addDays(example.change, 14));
    const parts = [line(addDays(before, 15), lastBefore, oldRate), line(example.change, addDays(example.change, 14), newRate)] as const;
    // One line per rate: a change that keeps the rate leaves one line with both sides' net.
    expect(straddle.vatLines).toEqual(
      oldRate === newRate
        ? [
            {
              vatPermille: oldRate,
              netCents: parts[0].netCents + parts[1].netCents,
              vatCents: Math.round(((parts[0].netCents + parts[1].netCents) * oldRate) / 1000),
            },
          ]
        : parts,
    );
    expect(straddle.netCents + straddle.vatCents).toBe(straddle.totalCents);

    const dstRate = example.dst < example.change ? oldRate : newRate;
    const [dstDay] = await energyBuckets(db, {
      scope,
      meteringPointIds: [point.id],
      directions: 'consumption',
      bucket: 'day',
      timezone,
      from: example.dst,
      to: example.dst,
      withCost: true,
    });
    const dstHours = hoursBetween(example.dst, example.dst, timezone);
    expect(dstHours).not.toBe(24);
    expect(dstDay!.costCents).toBe(Math.round((dstHours * 10 * (1000 + dstRate)) / 1000));

    if ('worked' in example) {
      expect(monthBefore.totalCents).toBe(example.worked.before);
      expect(monthAfter.totalCents).toBe(example.worked.after);
      expect(straddle.vatLines).toEqual(example.worked.straddle);
      expect(dstDay!.costCents).toBe(example.worked.dstCents);
    }
  });
});

describe('a period’s VAT is the sum of its parts split at the change dates', () => {
  const ctx = useTestApp();

  it('bills any period as the stretches between its changes, each VAT line its parts’ net rounded once', async () => {
    const rows = await vatRateRows(ctx.database.db);
    const usage = fc.record({
      dayWh: fc.integer({ min: 0, max: 60_000 }),
      nightWh: fc.integer({ min: 0, max: 40_000 }),
      spotScaled: fc.integer({ min: -2_000_000_000, max: 9_000_000_000 }),
    });
    const period = fc
      .tuple(fc.integer({ min: 0, max: 2400 }), fc.integer({ min: 0, max: 500 }))
      .map(([start, length]) => ({ from: addDays('2021-06-01', start), to: addDays('2021-06-01', start + length) }));
    const price = fc.integer({ min: 0, max: 3_000_000 }).map((scaled) => (scaled / 100_000).toFixed(5));
    const components = fc
      .tuple(price, price, price, fc.integer({ min: 0, max: 2400 }))
      .map(([base, newBase, fee, changeAt]): BilledComponent[] => {
        const change = addDays('2021-06-01', changeAt);
        return [
          { kind: 'Base', unit: 'c/kWh', priceCents: base, thresholdKw: null, validFrom: '2020-01-01', validTo: addDays(change, -1) },
          { kind: 'Base', unit: 'c/kWh', priceCents: newBase, thresholdKw: null, validFrom: change, validTo: null },
          { kind: 'Margin', unit: 'c/kWh', priceCents: '0.49000', thresholdKw: null, validFrom: '2020-01-01', validTo: null },
          { kind: 'Monthly', unit: 'c/month', priceCents: fee, thresholdKw: null, validFrom: '2020-01-01', validTo: null },
          { kind: 'YearlyCost', unit: 'c/year', priceCents: '1000.00000', thresholdKw: null, validFrom: '2020-01-01', validTo: null },
        ];
      });
    fc.assert(
      fc.property(
        fc.constantFrom(
          key('FI', 'electricity'),
          key('EE', 'gas'),
          key('LV', 'heating', 'energy', 'legal'),
          key('FI', 'electricity', 'network'),
        ),
        period,
        components,
        fc.constantFrom('Fixed' as const, 'Hourly' as const),
        fc.array(usage, { minLength: 501, maxLength: 501 }),
        (vatKey, { from, to }, priced, priceType, usages) => {
          const vat = vatSchedule(rows, vatKey);
          const days: BilledDay[] = [];
          for (let date = from, index = 0; date <= to; date = addDays(date, 1), index++) {
            const use = usages[index]!;
            days.push({
              date,
              dayWh: BigInt(use.dayWh),
              nightWh: BigInt(use.nightWh),
              spotWh: BigInt(use.dayWh + use.nightWh),
              spotScaled: BigInt(use.spotScaled),
              peakWh: 0n,
            });
          }
          const input = { priceType, components: priced, billingChannel: 'Email' as const, vat, days };
          const whole = billPeriod({ ...input, from, to });
          const parts = vatStretches(vat, from, to).map((stretch) => billPeriod({ ...input, from: stretch.from, to: stretch.to }));
          // The parts' rows are the whole's rows; each line's net is the sum of its parts', its VAT that net's, once.
          const sortRows = (list: typeof whole.rows) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
          expect(sortRows(whole.rows)).toEqual(sortRows(parts.flatMap((part) => part.rows)));
          for (const line of whole.vatLines) {
            const partNets = parts.flatMap((part) => part.vatLines).filter((candidate) => candidate.vatPermille === line.vatPermille);
            const net = partNets.reduce((sum, candidate) => sum + candidate.netCents, 0);
            expect(line.netCents).toBe(net);
            expect(Math.abs(line.vatCents * 1000 - net * line.vatPermille)).toBeLessThanOrEqual(500);
            expect(Math.abs(line.vatCents - partNets.reduce((sum, candidate) => sum + candidate.vatCents, 0))).toBeLessThanOrEqual(
              partNets.length,
            );
          }
          expect(whole.vatLines.map((line) => line.vatPermille)).toEqual([
            ...new Set(parts.flatMap((part) => part.vatLines.map((l) => l.vatPermille))),
          ]);
          expect(whole.netCents + whole.vatCents).toBe(whole.totalCents);
        },
      ),
      { numRuns: 200, seed: 24 },
    );
  });
});

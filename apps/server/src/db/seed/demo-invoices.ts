import { asc, eq, sql } from 'drizzle-orm';
import type { BillingChannelKind, Utility } from '@portal/schema/enums';
import type { InvoiceRowKind } from '@portal/schema/invoices';
import type { ReferenceKind } from '@portal/schema/payee';
import { invoice, invoiceRow } from '../schema/billing.ts';
import { contract, meteringPoint, priceComponent } from '../schema/energy.ts';
import { customer } from '../schema/identity.ts';
import { site, sitePayee } from '../schema/sites.ts';
import { queryRows, type Database } from '../../platform/database.ts';
import { addDays, monthEnd, monthStart, todayIn } from '@portal/schema/calendar-dates';
import { energyRowCents, feeRowCents, vatCents, whToKwh } from '../../modules/invoices/invoice-amounts.ts';
import { referenceFor } from '../../modules/invoices/reference-number.ts';
import {
  DAY_FROM_HOUR,
  DAY_TO_HOUR,
  feeApplies,
  feePerMonth,
  isSeasonal,
  isWinter,
  type PricedComponent,
} from '../../modules/pricing/tariff.ts';

/** How a month is billed: issued five days after it ends, due three weeks later. */
export const ISSUE_DELAY_DAYS = 5;
export const PAYMENT_TERM_DAYS = 21;
const MONTHS_BACK = 24;

type ContractToBill = {
  id: string;
  siteId: string;
  customerId: string;
  contractNumber: string;
  priceType: string;
  startDate: string;
  endDate: string | null;
  vatPermille: number;
  billingChannel: BillingChannelKind;
  meteringPointId: string;
  gsrn: string;
  utility: Utility;
  biddingZone: string;
  customerType: string;
  timezone: string;
  /** How the site references its invoices; RF where it has no payee details. */
  referenceKind: ReferenceKind | null;
};

export type BilledComponent = PricedComponent & {
  validFrom: string;
  validTo: string | null;
};
type Energy = { dayWh: bigint; nightWh: bigint };
type Spot = { wh: bigint; cents: number; unitPrice: string };
type Plan = { periodStart: string; periodEnd: string; issueDate: string; dueDate: string; rows: Row[] };
type Row = { componentKind: InvoiceRowKind; unit: 'kWh' | 'month'; quantity: string; unitPriceCents: string; netCents: number };

/**
 * Two years of monthly invoices for every contract that has none yet, computed FROM the metered readings
 * and the contract's price components in the database (run after the energy seed). Amounts are exact
 * (invoice-amounts.ts); the latest invoice of each contract is unpaid, and each customer's first contract
 * also has its second-latest invoice unpaid (overdue); the rest were paid a few days before they fell due.
 */
export async function seedDemoInvoices(db: Database, { now = new Date() }: { now?: Date } = {}): Promise<number> {
  const contracts: ContractToBill[] = await db
    .select({
      id: contract.id,
      siteId: contract.siteId,
      customerId: contract.customerId,
      contractNumber: contract.contractNumber,
      priceType: contract.priceType,
      startDate: contract.startDate,
      endDate: contract.endDate,
      vatPermille: contract.vatPermille,
      billingChannel: contract.billingChannel,
      meteringPointId: meteringPoint.id,
      gsrn: meteringPoint.gsrn,
      utility: meteringPoint.utility,
      biddingZone: meteringPoint.biddingZone,
      customerType: customer.type,
      timezone: site.timezone,
      referenceKind: sitePayee.referenceKind,
    })
    .from(contract)
    .innerJoin(meteringPoint, eq(meteringPoint.id, contract.meteringPointId))
    .innerJoin(customer, eq(customer.id, contract.customerId))
    .innerJoin(site, eq(site.id, contract.siteId))
    .leftJoin(sitePayee, eq(sitePayee.siteId, contract.siteId))
    .where(sql`not exists (select 1 from ${invoice} where ${invoice.contractId} = ${contract.id})`)
    .orderBy(asc(contract.customerId), asc(contract.startDate), asc(contract.id));

  const contractIndexOfCustomer = new Map<string, number>();
  let created = 0;
  for (const billed of contracts) {
    // Counted among the customer's contracts only once it has invoices: an old contract that ended before the
    // readings begin gets none and does not move the overdue invoice off the customer's first billed contract.
    const index = contractIndexOfCustomer.get(billed.customerId) ?? 0;
    const made = await seedContractInvoices(db, billed, index, now);
    if (made > 0) contractIndexOfCustomer.set(billed.customerId, index + 1);
    created += made;
  }
  return created;
}

async function seedContractInvoices(db: Database, billed: ContractToBill, indexOfCustomer: number, now: Date): Promise<number> {
  const today = todayIn(billed.timezone, now);
  const firstMonth = monthStart(today, -MONTHS_BACK);
  // Ended before the months billed, or not begun: nothing to bill, now or at any later start (which finds it again,
  // having no invoices), so not worth a scan of its readings each time the server starts.
  if ((billed.endDate && billed.endDate < firstMonth) || billed.startDate > today) return 0;
  const components = await db
    .select({
      kind: priceComponent.kind,
      unit: priceComponent.unit,
      priceCents: priceComponent.priceCents,
      validFrom: priceComponent.validFrom,
      validTo: priceComponent.validTo,
    })
    .from(priceComponent)
    .where(eq(priceComponent.contractId, billed.id));
  const energy = await monthlyEnergy(db, billed, firstMonth, monthStart(today));
  const spot = billed.priceType === 'Hourly' ? await monthlySpotCost(db, billed, firstMonth, monthStart(today)) : new Map<string, Spot>();
  const delivery = billed.billingChannel === 'Address' ? 'postal' : 'email';
  const type = billed.customerType === 'legal' ? 'E-Invoice' : 'Regular';

  const planned: Plan[] = [];
  for (let offset = -MONTHS_BACK; offset < 0; offset++) {
    const periodStart = monthStart(today, offset);
    const periodEnd = monthEnd(periodStart);
    if (periodEnd < billed.startDate || (billed.endDate && periodStart > billed.endDate)) continue;
    const issueDate = addDays(periodEnd, ISSUE_DELAY_DAYS);
    if (issueDate > today) continue;
    const used = energy.get(periodStart);
    if (!used) continue;
    const rows = billRows(components, periodStart, periodEnd, used, spot.get(periodStart), billed.billingChannel);
    if (rows.length === 0) continue;
    planned.push({ periodStart, periodEnd, issueDate, dueDate: addDays(issueDate, PAYMENT_TERM_DAYS), rows });
  }

  await db.transaction(async (tx) => {
    for (const [position, plan] of planned.entries()) {
      const fromEnd = planned.length - 1 - position;
      const unpaid = fromEnd === 0 || (fromEnd === 1 && indexOfCustomer === 0);
      const netCents = plan.rows.reduce((sum, row) => sum + row.netCents, 0);
      const vat = vatCents(netCents, billed.vatPermille);
      const invoiceNumber = `${billed.contractNumber}-${plan.periodStart.slice(0, 4)}${plan.periodStart.slice(5, 7)}`;
      const [inserted] = await tx
        .insert(invoice)
        .values({
          siteId: billed.siteId,
          customerId: billed.customerId,
          contractId: billed.id,
          invoiceNumber,
          referenceNumber: referenceFor(
            billed.referenceKind ?? 'rf',
            `${billed.contractNumber.replace(/\D/g, '').slice(-10)}${plan.periodStart.slice(0, 4)}${plan.periodStart.slice(5, 7)}`,
            invoiceNumber,
          ),
          issueDate: plan.issueDate,
          dueDate: plan.dueDate,
          originalDueDate: plan.dueDate,
          periodStart: plan.periodStart,
          periodEnd: plan.periodEnd,
          netCents,
          vatCents: vat,
          totalCents: netCents + vat,
          vatPermille: billed.vatPermille,
          type,
          delivery,
          paymentStatus: unpaid ? 'unpaid' : 'paid',
          paidAt: unpaid ? null : new Date(`${addDays(plan.dueDate, -3 - (position % 5))}T09:30:00Z`),
        })
        .onConflictDoNothing()
        .returning({ id: invoice.id });
      if (!inserted) continue;
      await tx.insert(invoiceRow).values(
        plan.rows.map((row, rowIndex) => ({
          invoiceId: inserted.id,
          position: rowIndex + 1,
          meteringPointId: billed.meteringPointId,
          gsrn: billed.gsrn,
          utility: billed.utility,
          ...row,
        })),
      );
    }
  });
  return planned.length;
}

/** The component of a kind that applies to a billing period: the latest one valid by its last day. */
function componentsFor(components: BilledComponent[], periodStart: string, periodEnd: string): BilledComponent[] {
  const valid = components
    .filter((component) => component.validFrom <= periodEnd && (!component.validTo || component.validTo >= periodStart))
    .sort((a, b) => (a.validFrom < b.validFrom ? 1 : -1));
  const byKind = new Map<string, BilledComponent>();
  for (const component of valid) if (!byKind.has(component.kind)) byKind.set(component.kind, component);
  return [...byKind.values()].sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
}

/** Rows read as a bill does: energy first, then margins and fees. */
const KIND_ORDER = ['Base', 'Day', 'Night', 'DayWinter', 'NightWinter', 'Margin', 'Monthly', 'YearlyCost', 'PaperBill', 'Floor', 'Ceiling'];

export function billRows(
  components: BilledComponent[],
  periodStart: string,
  periodEnd: string,
  energy: Energy,
  spot: Spot | undefined,
  billingChannel: BillingChannelKind,
): Row[] {
  // The pricing module's rules (modules/pricing/tariff.ts), applied to a month's day and night energy.
  const applicable = componentsFor(components, periodStart, periodEnd);
  const winter = isWinter(Number(periodStart.slice(5, 7)));
  const seasonal = isSeasonal(applicable.map((component) => component.kind));
  const totalWh = energy.dayWh + energy.nightWh;
  const rows: Row[] = [];
  if (spot && spot.wh > 0n) {
    rows.push({ componentKind: 'Spot', unit: 'kWh', quantity: whToKwh(spot.wh), unitPriceCents: spot.unitPrice, netCents: spot.cents });
  }
  const energyOf: Record<string, bigint | null> = {
    Base: totalWh,
    Margin: totalWh,
    Day: seasonal && winter ? null : energy.dayWh,
    Night: seasonal && winter ? null : energy.nightWh,
    DayWinter: winter ? energy.dayWh : null,
    NightWinter: winter ? energy.nightWh : null,
  };
  for (const component of applicable) {
    if (component.unit === 'c/kWh') {
      const wh = energyOf[component.kind];
      if (wh === null || wh === undefined || wh === 0n) continue;
      rows.push({
        componentKind: component.kind,
        unit: 'kWh',
        quantity: whToKwh(wh),
        unitPriceCents: component.priceCents,
        netCents: energyRowCents(wh, component.priceCents),
      });
    } else if (feeApplies(component.kind, billingChannel)) {
      const perMonth = feePerMonth(component);
      rows.push({
        componentKind: component.kind,
        unit: 'month',
        quantity: '1.000',
        unitPriceCents: perMonth,
        netCents: feeRowCents(1, perMonth),
      });
    }
  }
  return rows;
}

/** Consumption per local calendar month, split into day (07–22) and night, from the coarsest complete series. */
/**
 * The longest interval the point's consumption is read at (the series invoices are billed from), as a scalar
 * subquery: PostgreSQL works it out once. Joined as a one-row CTE instead, the planner re-ran it for every reading
 * when its statistics were stale (7 s a contract on PostgreSQL after a bulk load, decision 084).
 */
const billedResolution = (meteringPointId: string) =>
  sql`select max(resolution_minutes) from reading where metering_point_id = ${meteringPointId} and direction = 'consumption'`;

async function monthlyEnergy(db: Database, billed: ContractToBill, from: string, to: string): Promise<Map<string, Energy>> {
  const rows = await queryRows<{ month: string; day: boolean; wh: string }>(
    db,
    sql`
    select to_char(date_trunc('month', r.starts_at at time zone ${billed.timezone}::text), 'YYYY-MM-DD') as month,
           extract(hour from r.starts_at at time zone ${billed.timezone}::text) >= ${DAY_FROM_HOUR}::int
             and extract(hour from r.starts_at at time zone ${billed.timezone}::text) < ${DAY_TO_HOUR}::int as day,
           sum(r.wh)::text as wh
    from reading r
    where r.metering_point_id = ${billed.meteringPointId} and r.direction = 'consumption'
      and r.resolution_minutes = (${billedResolution(billed.meteringPointId)})
      and r.starts_at >= (${from}::text::date::timestamp at time zone ${billed.timezone}::text)
      and r.starts_at < (${to}::text::date::timestamp at time zone ${billed.timezone}::text)
    group by 1, 2`,
  );
  const months = new Map<string, Energy>();
  for (const row of rows) {
    const entry = months.get(row.month) ?? { dayWh: 0n, nightWh: 0n };
    if (row.day) entry.dayWh += BigInt(row.wh);
    else entry.nightWh += BigInt(row.wh);
    months.set(row.month, entry);
  }
  return months;
}

/**
 * Spot energy cost per month: each interval's energy times the average day-ahead price of the periods
 * overlapping it (€/MWh ÷ 10 = c/kWh), rounded to cents once per month.
 */
async function monthlySpotCost(db: Database, billed: ContractToBill, from: string, to: string) {
  const rows = await queryRows<{ month: string; wh: string; cents: string; unit_price: string | null }>(
    db,
    sql`
    with priced as (
      select r.starts_at, r.wh, p.price from reading r
      cross join lateral (
        select avg(s.eur_per_mwh) as price from spot_price s
        where s.bidding_zone = ${billed.biddingZone}::text
          and s.starts_at < r.starts_at + make_interval(mins => r.resolution_minutes)
          and s.starts_at + make_interval(mins => s.resolution_minutes) > r.starts_at
          and s.starts_at > r.starts_at - interval '1 hour'
      ) p
      where r.metering_point_id = ${billed.meteringPointId} and r.direction = 'consumption'
        and r.resolution_minutes = (${billedResolution(billed.meteringPointId)})
        and r.starts_at >= (${from}::text::date::timestamp at time zone ${billed.timezone}::text)
        and r.starts_at < (${to}::text::date::timestamp at time zone ${billed.timezone}::text)
        and p.price is not null
    )
    select to_char(date_trunc('month', starts_at at time zone ${billed.timezone}::text), 'YYYY-MM-DD') as month,
           sum(wh)::text as wh,
           round(sum(wh * price) / 10000)::text as cents,
           round(sum(wh * price) / nullif(sum(wh), 0) / 10, 5)::text as unit_price
    from priced group by 1`,
  );
  return new Map(
    rows.map((row) => [row.month, { wh: BigInt(row.wh), cents: Number(row.cents), unitPrice: Number(row.unit_price ?? 0).toFixed(5) }]),
  );
}

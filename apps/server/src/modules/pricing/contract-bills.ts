import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { maxDate, minDate } from '@portal/schema/calendar-dates';
import type { BillingChannelKind, PriceType, Utility } from '@portal/schema/enums';
import { contract, meteringPoint, priceComponent } from '../../db/schema/energy.ts';
import { customer } from '../../db/schema/identity.ts';
import { site } from '../../db/schema/sites.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Executor } from '../../platform/database.ts';
import { divideRounded } from '../../platform/exact-money.ts';
import { billPeriod, type Bill, type BilledComponent, type BilledDay } from './bill-period.ts';
import { PRICED_STATUSES } from './tariff.ts';
import { supplyOf, vatSchedule, type VatKey, type VatRateRow } from './vat-rates.ts';

/** A contract as billing needs it: its days, prices, billing channel and VAT key. */
export type ContractToBill = {
  id: string;
  meteringPointId: string;
  utility: Utility;
  priceType: PriceType;
  startDate: string;
  endDate: string | null;
  billingChannel: BillingChannelKind;
  vatKey: VatKey;
  components: BilledComponent[];
};

/**
 * A contract's price components as a column of its row, in one statement with it (decision 134), oldest first: prices
 * and thresholds as text, so they stay the exact decimals drizzle reads from `numeric`, dates as `YYYY-MM-DD`. The
 * contract's id is named with its table: drizzle leaves a one-table select's columns bare, and a bare `id` here is the
 * component's own.
 */
export const contractComponentsSql = () =>
  sql<BilledComponent[]>`coalesce((
    select json_agg(json_build_object('kind', pc.kind, 'unit', pc.unit, 'priceCents', pc.price_cents::text,
      'thresholdKw', pc.threshold_kw::text, 'validFrom', pc.valid_from, 'validTo', pc.valid_to) order by pc.id)
    from ${priceComponent} pc where pc.contract_id = ${contract}.id), '[]')`;

/** The priced contracts (signed or later, never cancelled) of the scope's metering points (rule 1), oldest first. */
export async function contractsToBill(executor: Executor, scope: CustomerScope, meteringPointIds: string[]): Promise<ContractToBill[]> {
  if (meteringPointIds.length === 0) return [];
  const rows = await executor
    .select({
      id: contract.id,
      meteringPointId: contract.meteringPointId,
      utility: meteringPoint.utility,
      priceType: contract.priceType,
      startDate: contract.startDate,
      endDate: contract.endDate,
      billingChannel: contract.billingChannel,
      type: contract.type,
      countryCode: site.countryCode,
      customerType: customer.type,
      components: contractComponentsSql(),
    })
    .from(contract)
    .innerJoin(meteringPoint, eq(meteringPoint.id, contract.meteringPointId))
    .innerJoin(site, eq(site.id, contract.siteId))
    .innerJoin(customer, eq(customer.id, contract.customerId))
    .where(
      and(
        eq(contract.siteId, scope.siteId),
        eq(contract.customerId, scope.customerId),
        inArray(contract.meteringPointId, meteringPointIds),
        inArray(contract.status, [...PRICED_STATUSES]),
      ),
    )
    .orderBy(asc(contract.startDate), asc(contract.id));
  return rows.map(({ type, countryCode, customerType, ...row }) => ({
    ...row,
    vatKey: { countryCode, utility: row.utility, supply: supplyOf(type), customerType },
  }));
}

/**
 * The bill of a contract's own days within local dates `from`–`to`, or null when the contract has none there.
 * `days` are the contract's billed days (billed-days.ts); those outside the stretch are not read.
 */
export function billContract(
  billed: ContractToBill,
  rates: readonly VatRateRow[],
  days: readonly BilledDay[],
  from: string,
  to: string,
): Bill | null {
  const first = maxDate(from, billed.startDate);
  const last = billed.endDate === null ? to : minDate(to, billed.endDate);
  if (first > last) return null;
  return billPeriod({
    from: first,
    to: last,
    priceType: billed.priceType,
    components: billed.components,
    billingChannel: billed.billingChannel,
    vat: vatSchedule(rates, billed.vatKey),
    days: days.filter((day) => day.date >= first && day.date <= last),
  });
}

/** Fees are what a bill charges other than by kWh: months of fees and the power charge's kW (decision 119). */
const FEE_UNITS = new Set(['month', 'kW']);

/** The fees of a bill with the VAT on them (each line's VAT shared by net, the energy takes the rest): cents. */
export function feesWithVatCents(bill: Bill): number {
  return bill.vatLines.reduce((sum, line) => {
    const fees = bill.rows
      .filter((row) => row.vatPermille === line.vatPermille && FEE_UNITS.has(row.unit))
      .reduce((net, row) => net + row.netCents, 0);
    if (line.netCents === 0) return sum;
    // The line's VAT split in proportion to net, rounded half away from zero; energy gets what is left, so the two add up.
    const share = divideRounded(BigInt(fees) * BigInt(line.vatCents), BigInt(line.netCents));
    return sum + fees + Number(share);
  }, 0);
}

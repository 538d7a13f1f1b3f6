import { sql, type SQL } from 'drizzle-orm';
import { maxDate, minDate } from '@portal/schema/calendar-dates';
import type { BillingChannelKind, ContractType, CustomerType, OperatingCountryCode, PriceType, Utility } from '@portal/schema/enums';
import { contract, priceComponent } from '../../db/schema/energy.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Executor } from '../../platform/database.ts';
import { readAlone, type Read } from '../../platform/reads-together.ts';
import { divideRounded } from '../../platform/exact-money.ts';
import { billPeriod, type Bill, type BilledComponent, type BilledDay } from './bill-period.ts';
import { pricedStatusesSql } from './pricing-sql.ts';
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
 * contract's id is named with its table by default: drizzle leaves a one-table select's columns bare, and a bare `id`
 * here is the component's own.
 */
export const contractComponentsSql = (contractId: SQL = sql`${contract}.id`) =>
  sql<BilledComponent[]>`coalesce((
    select json_agg(json_build_object('kind', pc.kind, 'unit', pc.unit, 'priceCents', pc.price_cents::text,
      'thresholdKw', pc.threshold_kw::text, 'validFrom', pc.valid_from, 'validTo', pc.valid_to) order by pc.id)
    from ${priceComponent} pc where pc.contract_id = ${contractId}), '[]')`;

/** Rule 1: the priced contracts (signed or later, never cancelled) of the scope's metering points, as `c`. */
export const pricedContractsWhere = (scope: CustomerScope, meteringPointIds: string[]) =>
  sql`c.site_id = ${scope.siteId} and c.customer_id = ${scope.customerId} and c.status in (${pricedStatusesSql})
      and c.metering_point_id in (${sql.join(
        meteringPointIds.map((id) => sql`${id}`),
        sql`, `,
      )})`;

type ContractToBillRow = Omit<ContractToBill, 'vatKey'> & {
  type: ContractType;
  countryCode: OperatingCountryCode;
  customerType: CustomerType;
};

/**
 * The priced contracts of the scope's metering points (rule 1), oldest first, as a read: alone, or together with their
 * billed days (billed-days.ts) in one statement (decision 135).
 */
export function contractsToBillRead(scope: CustomerScope, meteringPointIds: string[]): Read<ContractToBill[]> {
  return {
    sql:
      meteringPointIds.length === 0
        ? null
        : sql`
    select c.id, c.metering_point_id as "meteringPointId", mp.utility, c.price_type as "priceType",
           c.start_date::text as "startDate", c.end_date::text as "endDate", c.billing_channel as "billingChannel", c.type,
           s.country_code as "countryCode", cu.type as "customerType", ${contractComponentsSql(sql`c.id`)} as components
    from contract c
    join metering_point mp on mp.id = c.metering_point_id
    join site s on s.id = c.site_id
    join customer cu on cu.id = c.customer_id
    where ${pricedContractsWhere(scope, meteringPointIds)}`,
    orderBy: ['startDate', 'id'],
    decode: (rows) =>
      (rows as ContractToBillRow[]).map(({ type, countryCode, customerType, ...row }) => ({
        ...row,
        vatKey: { countryCode, utility: row.utility, supply: supplyOf(type), customerType },
      })),
  };
}

export const contractsToBill = (executor: Executor, scope: CustomerScope, meteringPointIds: string[]) =>
  readAlone(executor, contractsToBillRead(scope, meteringPointIds));

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

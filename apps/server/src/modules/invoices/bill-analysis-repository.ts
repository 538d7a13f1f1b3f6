import { sql } from 'drizzle-orm';
import { invoice, invoiceRow } from '../../db/schema/billing.ts';
import { readingDay } from '../../db/schema/energy-rollups.ts';
import { contract, temperature } from '../../db/schema/energy.ts';
import { queryRows, type Executor } from '../../platform/database.ts';
import type { CustomerScope } from '../../platform/actor.ts';

/**
 * One invoice as the analysis reads it: its period, total, its monthly fees and its power charge (decision 119) with
 * their VAT, in 1/1000 cent.
 */
export type AnalysedBill = {
  id: string;
  invoiceNumber: string;
  periodStart: string;
  periodEnd: string;
  meteringPointId: string;
  totalCents: bigint;
  /** Σ net × (1000 + VAT per mille) of the rows billed per month: the fees with their VAT, exactly, in 1/1000 cent. */
  fixedMilliCents: bigint;
  /** Σ net × (1000 + VAT per mille) of the rows billed per kW of the month's peak (the power charge), in 1/1000 cent. */
  powerMilliCents: bigint;
};

/** One day of the site's calendar: the metering point's consumption and the weather area's mean temperature. */
export type AnalysedDay = { date: string; wh: bigint | null; meanDeciCelsius: number | null; temperatureHours: number };

type BillRow = {
  id: string;
  invoice_number: string;
  period_start: string;
  period_end: string;
  metering_point_id: string;
  total_cents: string | number;
  fixed_milli_cents: string | number | null;
  power_milli_cents: string | number | null;
};

const billColumns = sql`${invoice.id} as id, ${invoice.invoiceNumber} as invoice_number,
  ${invoice.periodStart}::text as period_start, ${invoice.periodEnd}::text as period_end,
  ${contract.meteringPointId} as metering_point_id, ${invoice.totalCents} as total_cents,
  (select sum(${invoiceRow.netCents} * (1000 + ${invoiceRow.vatPermille})) from ${invoiceRow}
    where ${invoiceRow.invoiceId} = ${invoice.id} and ${invoiceRow.unit} = 'month') as fixed_milli_cents,
  (select sum(${invoiceRow.netCents} * (1000 + ${invoiceRow.vatPermille})) from ${invoiceRow}
    where ${invoiceRow.invoiceId} = ${invoice.id} and ${invoiceRow.unit} = 'kW') as power_milli_cents`;

function toBill(row: BillRow): AnalysedBill {
  return {
    id: row.id,
    invoiceNumber: row.invoice_number,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    meteringPointId: row.metering_point_id,
    totalCents: BigInt(row.total_cents),
    fixedMilliCents: BigInt(row.fixed_milli_cents ?? 0),
    powerMilliCents: BigInt(row.power_milli_cents ?? 0),
  };
}

/**
 * What "why is this bill different" reads (docs/decisions/117): the customer's invoices of one metering point, the
 * point's daily rollups and its weather area's hourly temperatures. Every invoice is found under the customer's scope
 * (rule 1); the executor comes first (decision 020).
 */
export const billAnalysisRepository = {
  async bill(executor: Executor, scope: CustomerScope, invoiceNumber: string): Promise<AnalysedBill | null> {
    const [row] = await queryRows<BillRow>(
      executor,
      sql`select ${billColumns} from ${invoice} join ${contract} on ${contract.id} = ${invoice.contractId}
          where ${invoice.siteId} = ${scope.siteId} and ${invoice.customerId} = ${scope.customerId}
            and ${invoice.invoiceNumber} = ${invoiceNumber}`,
    );
    return row ? toBill(row) : null;
  },

  /**
   * The customer's invoice at the same metering point whose period starts within [from, to], other than `exceptId`; of
   * several (a contract changed within the month), the one with the longest period.
   */
  async billStartingBetween(
    executor: Executor,
    scope: CustomerScope,
    meteringPointId: string,
    from: string,
    to: string,
    exceptId: string,
  ): Promise<AnalysedBill | null> {
    const [row] = await queryRows<BillRow>(
      executor,
      sql`select ${billColumns} from ${invoice} join ${contract} on ${contract.id} = ${invoice.contractId}
          where ${invoice.siteId} = ${scope.siteId} and ${invoice.customerId} = ${scope.customerId}
            and ${contract.siteId} = ${scope.siteId} and ${contract.customerId} = ${scope.customerId}
            and ${contract.meteringPointId} = ${meteringPointId} and ${invoice.id} <> ${exceptId}
            and ${invoice.periodStart} >= ${from}::date and ${invoice.periodStart} <= ${to}::date
          order by ${invoice.periodEnd} - ${invoice.periodStart} desc, ${invoice.periodStart}, ${invoice.id}
          limit 1`,
    );
    return row ? toBill(row) : null;
  },

  /**
   * The days from–to (inclusive, site calendar) that have consumption or temperatures: the point's daily rollup and
   * the mean of the area's hourly temperatures of each local day, with how many hours it averages. The caller has
   * found the point under the customer's scope.
   */
  async days(
    executor: Executor,
    query: { meteringPointId: string; area: string; timezone: string; from: string; to: string; fromInstant: Date; toInstant: Date },
  ): Promise<AnalysedDay[]> {
    const rows = await queryRows<{ date: string; wh: string | number | null; mean: string | number | null; hours: string | number | null }>(
      executor,
      sql`with energy as (
            select ${readingDay.day} as day, ${readingDay.wh} as wh from ${readingDay}
            where ${readingDay.meteringPointId} = ${query.meteringPointId} and ${readingDay.direction} = 'consumption'
              and ${readingDay.day} >= ${query.from}::date and ${readingDay.day} <= ${query.to}::date
          ), weather as (
            select (${temperature.startsAt} at time zone ${query.timezone})::date as day,
                   avg(${temperature.deciCelsius})::float8 as mean, count(*)::int as hours
            from ${temperature}
            where ${temperature.area} = ${query.area}
              and ${temperature.startsAt} >= ${query.fromInstant.toISOString()}::timestamptz
              and ${temperature.startsAt} < ${query.toInstant.toISOString()}::timestamptz
            group by 1
          )
          select coalesce(energy.day, weather.day)::text as date, energy.wh, weather.mean, weather.hours
          from energy full outer join weather on weather.day = energy.day
          order by 1`,
    );
    return rows.map((row) => ({
      date: row.date,
      wh: row.wh === null ? null : BigInt(row.wh),
      meanDeciCelsius: row.mean === null ? null : Number(row.mean),
      temperatureHours: Number(row.hours ?? 0),
    }));
  },
};

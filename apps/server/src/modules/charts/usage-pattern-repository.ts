import { sql } from 'drizzle-orm';
import type { BiddingZone } from '@portal/schema/energy';
import { readingHour, spotPriceHour } from '../../db/schema/energy-rollups.ts';
import { contract } from '../../db/schema/energy.ts';
import { queryRows, type Executor } from '../../platform/database.ts';
import type { CustomerScope } from '../../platform/actor.ts';

export type HourCell = { weekday: number; hour: number; wh: number; hours: number };
export type SpotShares = { days: number; totalWh: number; cheapestWh: number; dearestWh: number };

/**
 * What "when I use energy" reads (docs/decisions/111), from the hourly rollups: never the readings themselves, so a year
 * is 8,784 rows at most. Weekday and hour are read on the site's clock. The executor comes first (decision 020).
 */
export const usagePatternRepository = {
  /** Consumption summed per ISO weekday (1 = Monday) and hour of the site's clock in [from, to), with how many hours each sums. */
  async hourCells(executor: Executor, meteringPointId: string, timezone: string, from: Date, to: Date): Promise<HourCell[]> {
    const local = sql`(${readingHour.startsAt} at time zone ${timezone})`;
    const rows = await queryRows<{ weekday: number; hour: number; wh: string | number; hours: number }>(
      executor,
      sql`select extract(isodow from ${local})::int as weekday, extract(hour from ${local})::int as hour,
                 sum(${readingHour.wh}) as wh, count(*)::int as hours
          from ${readingHour}
          where ${readingHour.meteringPointId} = ${meteringPointId} and ${readingHour.direction} = 'consumption'
            and ${readingHour.startsAt} >= ${from.toISOString()}::timestamptz and ${readingHour.startsAt} < ${to.toISOString()}::timestamptz
          group by 1, 2 order by 1, 2`,
    );
    return rows.map((row) => ({ weekday: Number(row.weekday), hour: Number(row.hour), wh: Number(row.wh), hours: Number(row.hours) }));
  },

  /**
   * Consumption in each day's `hoursPerDay` cheapest and dearest hours by the zone's day-ahead price, summed over the
   * days of [from, to) that have a price for every hour with readings (a day not yet priced would skew the shares).
   */
  async spotShares(
    executor: Executor,
    meteringPointId: string,
    zone: BiddingZone,
    timezone: string,
    from: Date,
    to: Date,
    hoursPerDay: number,
  ): Promise<SpotShares> {
    const [row] = await queryRows<{ days: number; total: string | null; cheapest: string | null; dearest: string | null }>(
      executor,
      sql`with hours as (
            select (h.starts_at at time zone ${timezone})::date as day, h.wh, p.eur_per_mwh as price, h.starts_at
            from ${readingHour} h
            left join ${spotPriceHour} p on p.bidding_zone = ${zone} and p.starts_at = h.starts_at
            where h.metering_point_id = ${meteringPointId} and h.direction = 'consumption'
              and h.starts_at >= ${from.toISOString()}::timestamptz and h.starts_at < ${to.toISOString()}::timestamptz
          ), priced_days as (
            select day from hours group by day having count(*) = count(price)
          ), ranked as (
            select hours.day, hours.wh,
                   row_number() over (partition by hours.day order by hours.price asc, hours.starts_at) as cheap_rank,
                   row_number() over (partition by hours.day order by hours.price desc, hours.starts_at) as dear_rank
            from hours join priced_days using (day)
          )
          select count(distinct day)::int as days, sum(wh) as total,
                 sum(wh) filter (where cheap_rank <= ${hoursPerDay}) as cheapest,
                 sum(wh) filter (where dear_rank <= ${hoursPerDay}) as dearest
          from ranked`,
    );
    return {
      days: Number(row?.days ?? 0),
      totalWh: Number(row?.total ?? 0),
      cheapestWh: Number(row?.cheapest ?? 0),
      dearestWh: Number(row?.dearest ?? 0),
    };
  },

  /** Whether the scope has a spot-priced (Hourly) contract at the point that was in force on some day of [from, to]. */
  async hasSpotContract(executor: Executor, scope: CustomerScope, meteringPointId: string, from: string, to: string): Promise<boolean> {
    const rows = await queryRows<{ found: number }>(
      executor,
      sql`select 1 as found from ${contract}
          where ${contract.siteId} = ${scope.siteId} and ${contract.customerId} = ${scope.customerId}
            and ${contract.meteringPointId} = ${meteringPointId} and ${contract.priceType} = 'Hourly'
            and ${contract.startDate} <= ${to} and (${contract.endDate} is null or ${contract.endDate} >= ${from})
          limit 1`,
    );
    return rows.length > 0;
  },
};

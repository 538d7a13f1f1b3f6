import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/database.ts';
import { readAlone, type Read } from '../../platform/reads-together.ts';
import type { BilledDay } from './bill-period.ts';
import { DAY_FROM_HOUR, DAY_TO_HOUR } from './tariff.ts';
import { dayPeaksSql, hasPowerChargeSql, spotPriceTypesSql } from './pricing-sql.ts';
import { pricedContractsWhere } from './contract-bills.ts';
import type { CustomerScope } from '../../platform/actor.ts';

const ORIGIN = sql`timestamptz '2000-01-01 00:00:00+00'`;

/**
 * The consumption a bill reads (bill-period.ts), per contract and local day: Wh of the day and night hours and, for
 * spot contracts, each interval's Wh times the day-ahead price of its own period (€/MWh ÷ 10 = c/kWh; an hour meets
 * its hour's time-weighted mean, a quarter-hour or five minutes their quarter-hour) within the contract's Floor and
 * Ceiling of that day; for contracts with a power charge, the day's highest hour (dayPeaksSql). Read from the readings at the longest interval the metering point delivers (the series
 * invoices bill, decision 084), only on the contract's own days within local dates `from`–`to`.
 *
 * Contract ids name contracts the caller has already scoped (rule 1); the statement scopes them again by `scope` when
 * given, and reads nothing of other customers' metering points.
 */
export function billedDaysRead(query: BilledDaysQuery): Read<Map<string, BilledDay[]>> {
  const empty = ('contractIds' in query ? query.contractIds : query.meteringPointIds).length === 0 || query.from > query.to;
  return { sql: empty ? null : billedDaysSql(query), orderBy: ['contract_id', 'local_day'], decode: daysByContract };
}

export const billedDays = (executor: Executor, query: BilledDaysQuery) => readAlone(executor, billedDaysRead(query));

/**
 * Whose days: contracts by id, or the priced contracts of the scope's metering points, the same contracts as
 * `contractsToBillRead` reads, so both go in one statement without waiting for the contracts' ids (decision 135).
 */
type BilledDaysQuery = { from: string; to: string; timezone: string } & (
  { contractIds: string[]; scope?: CustomerScope } | { meteringPointIds: string[]; scope: CustomerScope }
);

function billedDaysSql(query: BilledDaysQuery): SQL {
  const { timezone } = query;
  const chosen =
    'contractIds' in query
      ? sql`c.id in (${sql.join(
          query.contractIds.map((id) => sql`${id}`),
          sql`, `,
        )}) ${query.scope ? sql`and c.site_id = ${query.scope.siteId} and c.customer_id = ${query.scope.customerId}` : sql``}`
      : pricedContractsWhere(query.scope, query.meteringPointIds);
  const lower = sql`((${query.from}::date)::timestamp at time zone ${timezone}::text)`;
  const upper = sql`(((${query.to}::date + 1)::timestamp) at time zone ${timezone}::text)`;
  const hour = sql`extract(hour from r.local)`;
  const limit = (kind: 'Floor' | 'Ceiling') =>
    sql`(select pc.price_cents from price_component pc
         where pc.contract_id = d.contract_id and pc.kind = ${kind} and pc.valid_from <= d.day and coalesce(pc.valid_to, 'infinity'::date) >= d.day
         order by pc.valid_from desc limit 1)`;
  // chargedSpot of tariff.ts: at most the Ceiling, then at least the Floor.
  const capped = sql`least(coalesce(l.ceiling, r.spot), r.spot)`;
  const charged = sql`(case when r.price_type = 'FixedHourlyWithPriceLimits' then greatest(coalesce(l.floor, ${capped}), ${capped}) else r.spot end)`;
  return sql`
    with contracts as materialized (
      select c.id, c.metering_point_id, c.price_type, c.start_date, coalesce(c.end_date, 'infinity'::date) as end_date, mp.bidding_zone,
             ${hasPowerChargeSql(sql`c.id`)} as has_power,
             (select max(resolution_minutes) from reading where metering_point_id = c.metering_point_id and direction = 'consumption') as minutes
      from contract c join metering_point mp on mp.id = c.metering_point_id
      where ${chosen}
    ),
    quarter_spot as (
      select sp.bidding_zone, q.q, sp.eur_per_mwh
      from spot_price sp,
           lateral generate_series(sp.starts_at, sp.starts_at + (sp.resolution_minutes - 15) * interval '1 minute', interval '15 minutes') as q(q)
      where sp.bidding_zone in (select bidding_zone from contracts where minutes < 60 and price_type in (${spotPriceTypesSql}))
        and sp.starts_at >= ${lower} - interval '1 hour' and sp.starts_at < ${upper}
    ),
    r as (
      select c.id as contract_id, c.price_type, r.wh, r.starts_at at time zone ${timezone}::text as local,
             case when c.price_type not in (${spotPriceTypesSql}) then null
                  when c.minutes >= 60 then sh.eur_per_mwh / 10
                  else qs.eur_per_mwh / 10 end as spot
      from contracts c
      join reading r on r.metering_point_id = c.metering_point_id and r.direction = 'consumption' and r.resolution_minutes = c.minutes
      left join spot_price_hour sh on c.minutes >= 60 and sh.bidding_zone = c.bidding_zone and sh.starts_at = date_trunc('hour', r.starts_at)
      left join quarter_spot qs on c.minutes < 60 and qs.bidding_zone = c.bidding_zone and qs.q = date_bin('15 minutes', r.starts_at, ${ORIGIN})
      where r.starts_at >= ${lower} and r.starts_at < ${upper}
        and (r.starts_at at time zone ${timezone}::text)::date between c.start_date and c.end_date
    ),
    peaks as (${dayPeaksSql({ contracts: sql`(select * from contracts where has_power)`, lower, upper, timezone })}),
    limits as (
      select d.contract_id, d.day, ${limit('Floor')} as floor, ${limit('Ceiling')} as ceiling
      from (select distinct contract_id, local::date as day from r where price_type = 'FixedHourlyWithPriceLimits') d
    )
    select d.*, p.wh::text as peak_wh
    from (
    select r.contract_id, r.local::date as local_day, to_char(r.local::date, 'YYYY-MM-DD') as day,
           coalesce(sum(r.wh) filter (where ${hour} >= ${DAY_FROM_HOUR}::int and ${hour} < ${DAY_TO_HOUR}::int), 0)::text as day_wh,
           coalesce(sum(r.wh) filter (where not (${hour} >= ${DAY_FROM_HOUR}::int and ${hour} < ${DAY_TO_HOUR}::int)), 0)::text as night_wh,
           coalesce(sum(r.wh) filter (where r.spot is not null), 0)::text as spot_wh,
           coalesce(round(sum(r.wh * ${charged}) * 100000), 0)::text as spot_scaled
    from r left join limits l on l.contract_id = r.contract_id and l.day = r.local::date
    group by 1, 2
    ) d left join peaks p on p.contract_id = d.contract_id and p.day = d.local_day
    order by d.contract_id, d.local_day`;
}

type BilledDayRow = {
  contract_id: string;
  day: string;
  day_wh: string;
  night_wh: string;
  spot_wh: string;
  spot_scaled: string;
  peak_wh: string | null;
};

function daysByContract(rows: Record<string, unknown>[]): Map<string, BilledDay[]> {
  const days = new Map<string, BilledDay[]>();
  for (const row of rows as BilledDayRow[]) {
    const list = days.get(row.contract_id) ?? [];
    list.push({
      date: row.day,
      dayWh: BigInt(row.day_wh),
      nightWh: BigInt(row.night_wh),
      spotWh: BigInt(row.spot_wh),
      spotScaled: BigInt(row.spot_scaled),
      peakWh: BigInt(row.peak_wh ?? 0),
    });
    days.set(row.contract_id, list);
  }
  return days;
}

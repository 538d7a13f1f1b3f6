import { sql, type SQL } from 'drizzle-orm';
import { METER_RESOLUTION_MINUTES } from '@portal/schema/energy';
import { CUSTOMER_DATA_CHANGED_CHANNEL } from '../../platform/customer-answers.ts';
import type { Transaction } from '../../platform/database.ts';

/*
 * Keeping the rollups (docs/decisions/081-reading-rollups.md) equal to the readings: whoever writes readings
 * calls refreshRollups in the same transaction, naming what it wrote.
 */

/** The resolutions a meter may store, as a VALUES list: `(values ${RESOLUTIONS}) as m(minutes)`. */
export const RESOLUTIONS = sql.raw(
  Object.values(METER_RESOLUTION_MINUTES)
    .map((minutes) => `(${minutes})`)
    .join(', '),
);

/**
 * Recomputes the hours, days and months touched by `written`: a select of `(metering_point_id, starts_at)` rows
 * (an import's staging table, a seeded range). Each hour sums the coarsest resolution stored for it (a meter's
 * hourly values when there are any, else its quarter-hours, else its five-minute values), so readings kept at
 * several resolutions are counted once. Days and months follow on the site's clock.
 */
export async function refreshRollups(tx: Transaction, written: SQL): Promise<void> {
  // An import's hours are sorted twice (sums, then the coarsest of each): in memory, not on disk.
  await tx.execute(sql`set local work_mem = '64MB'`);
  // Hours are UTC hours (decision 081), whatever the session's zone: date_trunc('hour') cuts on the session's clock.
  await tx.execute(sql`set local time zone 'UTC'`);
  await tx.execute(sql`create temporary table if not exists rollup_touched (metering_point_id text, hour timestamptz) on commit drop`);
  await tx.execute(sql`truncate rollup_touched`);
  await tx.execute(
    sql`insert into rollup_touched select distinct w.metering_point_id, date_trunc('hour', w.starts_at) from (${written}) w`,
  );
  await tx.execute(sql`analyze rollup_touched`);
  await refreshHours(tx);
  await refreshDays(tx);
  await refreshMonths(tx);
  // Kept answers (decision 082) also read raw readings: a spot-priced bill prices each quarter-hour, and quarter-hours
  // corrected within their hour leave the hour's sum, and its trigger, still. The customers of every touched point
  // hear of the write on commit, whatever the rollups did.
  await tx.execute(sql`
    select pg_notify(${CUSTOMER_DATA_CHANGED_CHANNEL}, customer_id)
    from (select distinct mp.customer_id from rollup_touched t join metering_point mp on mp.id = t.metering_point_id) touched
    where customer_id is not null`);
}

/*
 * Each (point, direction, resolution) is read as one index range (the reading key starts with those three),
 * over the span the write touched: no scan of a point's whole history.
 */
async function refreshHours(tx: Transaction): Promise<void> {
  await tx.execute(sql`
    with spans as (
      select metering_point_id, min(hour) as lo, max(hour) + interval '1 hour' as hi from rollup_touched group by 1
    ),
    sums as (
      select g.metering_point_id, d.direction, date_trunc('hour', r.starts_at) as hour, m.minutes,
             sum(r.wh) as wh, count(*) filter (where r.measured) as measured, count(*) filter (where not r.measured) as estimated
      from spans g
      cross join (values ('consumption'), ('production')) as d(direction)
      cross join (values ${RESOLUTIONS}) as m(minutes)
      join lateral (
        select r.starts_at, r.wh, r.measured from reading r
        where r.metering_point_id = g.metering_point_id and r.direction = d.direction and r.resolution_minutes = m.minutes
          and r.starts_at >= g.lo and r.starts_at < g.hi
      ) r on true
      group by 1, 2, 3, 4
    ),
    coarsest as (
      select distinct on (s.metering_point_id, s.direction, s.hour) s.*
      from sums s
      join rollup_touched t on t.metering_point_id = s.metering_point_id and t.hour = s.hour
      order by s.metering_point_id, s.direction, s.hour, s.minutes desc
    )
    insert into reading_hour (metering_point_id, direction, starts_at, wh, measured_intervals, estimated_intervals)
    select metering_point_id, direction, hour, wh, measured, estimated from coarsest
    on conflict (metering_point_id, direction, starts_at) do update
      set wh = excluded.wh, measured_intervals = excluded.measured_intervals, estimated_intervals = excluded.estimated_intervals
      where (reading_hour.wh, reading_hour.measured_intervals, reading_hour.estimated_intervals)
        is distinct from (excluded.wh, excluded.measured_intervals, excluded.estimated_intervals)`);
}

/**
 * Days of the touched hours on their site's clock, summed from the hours. Each point's touched days are read as one
 * span per direction (a range of the hourly key), then kept to the touched days: no join by ranges, whose plan
 * would grow with days × hours.
 */
async function refreshDays(tx: Transaction): Promise<void> {
  await tx.execute(sql`
    with days as materialized (
      select distinct t.metering_point_id, s.timezone, (t.hour at time zone s.timezone)::date as day
      from rollup_touched t
      join metering_point mp on mp.id = t.metering_point_id
      join site s on s.id = mp.site_id
    ),
    spans as (
      select metering_point_id, timezone,
             (min(day)::timestamp at time zone timezone) as lo, ((max(day) + 1)::timestamp at time zone timezone) as hi
      from days group by 1, 2
    )
    insert into reading_day (metering_point_id, direction, day, wh, measured_intervals, estimated_intervals)
    select s.metering_point_id, g.direction, (h.starts_at at time zone s.timezone)::date as day,
           sum(h.wh), sum(h.measured_intervals), sum(h.estimated_intervals)
    from spans s
    cross join (values ('consumption'), ('production')) as g(direction)
    join lateral (
      select h.starts_at, h.wh, h.measured_intervals, h.estimated_intervals from reading_hour h
      where h.metering_point_id = s.metering_point_id and h.direction = g.direction and h.starts_at >= s.lo and h.starts_at < s.hi
    ) h on true
    join days d on d.metering_point_id = s.metering_point_id and d.day = (h.starts_at at time zone s.timezone)::date
    group by 1, 2, 3
    on conflict (metering_point_id, direction, day) do update
      set wh = excluded.wh, measured_intervals = excluded.measured_intervals, estimated_intervals = excluded.estimated_intervals
      where (reading_day.wh, reading_day.measured_intervals, reading_day.estimated_intervals)
        is distinct from (excluded.wh, excluded.measured_intervals, excluded.estimated_intervals)`);
}

/** Months of the touched days, summed from the days, read as one span per point and direction like the days. */
async function refreshMonths(tx: Transaction): Promise<void> {
  await tx.execute(sql`
    with months as materialized (
      select distinct t.metering_point_id, date_trunc('month', (t.hour at time zone s.timezone))::date as month
      from rollup_touched t
      join metering_point mp on mp.id = t.metering_point_id
      join site s on s.id = mp.site_id
    ),
    spans as (
      select metering_point_id, min(month) as lo, (max(month) + interval '1 month')::date as hi from months group by 1
    )
    insert into reading_month (metering_point_id, direction, month, wh, measured_intervals, estimated_intervals)
    select s.metering_point_id, g.direction, date_trunc('month', d.day)::date as month,
           sum(d.wh), sum(d.measured_intervals), sum(d.estimated_intervals)
    from spans s
    cross join (values ('consumption'), ('production')) as g(direction)
    join lateral (
      select d.day, d.wh, d.measured_intervals, d.estimated_intervals from reading_day d
      where d.metering_point_id = s.metering_point_id and d.direction = g.direction and d.day >= s.lo and d.day < s.hi
    ) d on true
    join months m on m.metering_point_id = s.metering_point_id and m.month = date_trunc('month', d.day)::date
    group by 1, 2, 3
    on conflict (metering_point_id, direction, month) do update
      set wh = excluded.wh, measured_intervals = excluded.measured_intervals, estimated_intervals = excluded.estimated_intervals
      where (reading_month.wh, reading_month.measured_intervals, reading_month.estimated_intervals)
        is distinct from (excluded.wh, excluded.measured_intervals, excluded.estimated_intervals)`);
}

/** The hours of `[from, to)` of some metering points, as `refreshRollups` takes them: for writers of whole ranges. */
export function writtenRange(meteringPointIds: string[], from: Date, to: Date): SQL {
  const ids = sql.join(
    meteringPointIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`select p.id as metering_point_id, h as starts_at
    from (select unnest(array[${ids}]::text[]) as id) p,
         generate_series(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz - interval '1 hour', interval '1 hour') h`;
}

/**
 * A site's day and month rollups again from its hours, on the site's clock as it is now in `tx`: after the site's time
 * zone changed (decision 081: days and months are local), in the transaction that changed it. Hours are UTC and stay.
 * Only points with hours are rebuilt: a month the data hub delivered as a month (the neighbouring homes of decision
 * 123) has no hours to be summed from again, and is a calendar month whatever the site's clock says.
 * Every copy drops its kept customer answers, which were computed in the old zone.
 */
export async function rebuildSiteDayRollups(tx: Transaction, siteId: string): Promise<void> {
  const points = sql`select mp.id from metering_point mp
    where mp.site_id = ${siteId} and exists (select 1 from reading_hour h where h.metering_point_id = mp.id)`;
  await tx.execute(sql`delete from reading_day where metering_point_id in (${points})`);
  await tx.execute(sql`delete from reading_month where metering_point_id in (${points})`);
  await tx.execute(sql`
    insert into reading_day (metering_point_id, direction, day, wh, measured_intervals, estimated_intervals)
    select h.metering_point_id, h.direction, (h.starts_at at time zone s.timezone)::date,
           sum(h.wh), sum(h.measured_intervals), sum(h.estimated_intervals)
    from reading_hour h
    join metering_point mp on mp.id = h.metering_point_id
    join site s on s.id = mp.site_id
    where mp.site_id = ${siteId}
    group by 1, 2, 3`);
  await tx.execute(sql`
    insert into reading_month (metering_point_id, direction, month, wh, measured_intervals, estimated_intervals)
    select d.metering_point_id, d.direction, date_trunc('month', d.day)::date,
           sum(d.wh), sum(d.measured_intervals), sum(d.estimated_intervals)
    from reading_day d
    where d.metering_point_id in (${points})
    group by 1, 2, 3`);
  await tx.execute(sql`select pg_notify('customer_data_changed', '*')`);
}

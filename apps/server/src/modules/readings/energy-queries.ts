import { sql, type SQL } from 'drizzle-orm';
import type { ReadingResolution } from '@portal/schema/energy';
import { queryRows, type Executor } from '../../platform/database.ts';
import { readAlone, type Read } from '../../platform/reads-together.ts';
import {
  componentRateSql,
  contractVatKeysSql,
  energyAndLimitKindsSql,
  pricedStatusesSql,
  seasonalSql,
  spotPriceTypesSql,
  vatRangesSql,
} from '../pricing/pricing-sql.ts';
import type { CustomerScope } from '../../platform/actor.ts';

/** Calendar buckets of a series; `year` only serves yearly totals. */
export type Bucket = ReadingResolution | 'year';

/** One bucket of a series: its start instant, its start as a local wall-clock key, and the sums. */
export type BucketRow = {
  bucket: Date;
  /** `YYYY-MM-DDTHH:mm` in the site timezone, shifted forward by `shiftYears` (comparison matching). */
  key: string;
  wh: number | null;
  estimated: boolean;
  /** Rounded euro cents, VAT included; null when no cost was asked for or the bucket is empty. */
  costCents: number | null;
};

export type AverageRow = { bucket: Date; key: string; value: number | null };

type Period = { from: string; to: string; timezone: string; shiftYears?: number };

const ORIGIN = sql`timestamptz '2000-01-01 00:00:00+00'`;

const STEP: Record<Bucket, string> = {
  year: '1 year',
  month: '1 month',
  day: '1 day',
  hour: '1 hour',
  'quarter-hour': '15 minutes',
  'five-minute': '5 minutes',
};

/** Rule 4: buckets are cut in the site's timezone, so a day is 23, 24 or 25 hours long. */
function bucketOf(bucket: Bucket, column: SQL, timezone: string): SQL {
  switch (bucket) {
    case 'year':
    case 'month':
    case 'day':
    case 'hour':
      return sql`date_trunc(${sql.raw(`'${bucket}'`)}, ${column}, ${timezone}::text)`;
    case 'quarter-hour':
      return sql`date_bin('15 minutes', ${column}, ${ORIGIN})`;
    case 'five-minute':
      return sql`date_bin('5 minutes', ${column}, ${ORIGIN})`;
  }
}

/** The period's bounds as instants: from the start of `from` to the end of `to`, local days. */
function bounds(period: Period): SQL {
  return sql`select ${lowerBound(period)} as lo, ${upperBound(period)} as hi`;
}

/*
 * Written out where rows are filtered (not read from the bounds CTE) so the planner can use them as index
 * conditions: one metering point's range is then an index range scan, whatever its or the table's size.
 */
const lowerBound = ({ from, timezone }: Period) => sql`((${from}::date)::timestamp at time zone ${timezone}::text)`;
const upperBound = ({ to, timezone }: Period) => sql`(((${to}::date + 1)::timestamp) at time zone ${timezone}::text)`;

/**
 * Every bucket of the period, so a missing value is a gap (null), not a shorter series. Calendar steps
 * (days, months, years) are taken on the local clock and turned back into instants, so each day starts at
 * local midnight across daylight-saving changes; hour and shorter steps are exact durations. (PostgreSQL 16
 * has generate_series with a time zone argument; this form also runs on 15.)
 */
function bucketSeries(bucket: Bucket, timezone: string): SQL {
  const first = bucketOf(bucket, sql`bounds.lo`, timezone);
  const step = sql.raw(`interval '${STEP[bucket]}'`);
  const end = sql`bounds.hi - interval '1 microsecond'`;
  if (bucket === 'year' || bucket === 'month' || bucket === 'day') {
    return sql`select generate_series((${first}) at time zone ${timezone}::text, (${end}) at time zone ${timezone}::text, ${step}) at time zone ${timezone}::text as bucket from bounds`;
  }
  return sql`select generate_series(${first}, ${end}, ${step}) as bucket from bounds`;
}

function keyOf(column: SQL, timezone: string, shiftYears: number): SQL {
  return sql`to_char((${column} at time zone ${timezone}::text) + make_interval(years => ${shiftYears}::int), 'YYYY-MM-DD"T"HH24:MI')`;
}

const toNumber = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export type EnergyQuery = Period & {
  scope: CustomerScope;
  meteringPointIds: string[];
  /** 'netted' counts production as negative consumption. */
  directions: 'consumption' | 'production' | 'netted';
  bucket: Bucket;
  /** Quarter-hour and five-minute buckets only: the stored resolution to read (15 or 5 minutes). */
  sourceMinutes?: number;
  /** Adds each bucket's cost under the metering points' contracts. */
  withCost?: boolean;
};

const FINE_BUCKETS: readonly Bucket[] = ['quarter-hour', 'five-minute'];

/**
 * Where a series' intervals come from (decision 081): quarter-hours and five minutes from the stored readings;
 * hours, and any bucket that is priced, from the hourly rollup; days from the daily rollup; months and years from
 * the monthly rollup for whole months and the daily one for the part-months at the ends of the period. Each row:
 * metering point, bidding zone, start instant, signed Wh, whether it holds an estimate.
 */
function intervalsSql(query: EnergyQuery, directionFilter: (alias: string) => SQL, signedWh: (alias: string) => SQL): SQL {
  const { bucket, timezone, withCost = false } = query;
  const dayStart = (column: SQL) => sql`(${column}::timestamp at time zone ${timezone}::text)`;
  if (FINE_BUCKETS.includes(bucket)) {
    return sql`
      select r.metering_point_id, points.bidding_zone, r.starts_at, ${signedWh('r')} as wh, not r.measured as estimated
      from points join reading r on r.metering_point_id = points.id
      where ${directionFilter('r')} and r.resolution_minutes = ${query.sourceMinutes ?? 60}
        and r.starts_at >= ${lowerBound(query)} and r.starts_at < ${upperBound(query)}`;
  }
  if (bucket === 'hour' || withCost) {
    return sql`
      select h.metering_point_id, points.bidding_zone, h.starts_at, ${signedWh('h')} as wh, h.estimated_intervals > 0 as estimated
      from points join reading_hour h on h.metering_point_id = points.id
      where ${directionFilter('h')} and h.starts_at >= ${lowerBound(query)} and h.starts_at < ${upperBound(query)}`;
  }
  const days = sql`
      select d.metering_point_id, points.bidding_zone, ${dayStart(sql`d.day`)} as starts_at, ${signedWh('d')} as wh,
             d.estimated_intervals > 0 as estimated
      from points join reading_day d on d.metering_point_id = points.id
      where ${directionFilter('d')} and d.day >= ${query.from}::date and d.day <= ${query.to}::date`;
  if (bucket === 'day') return days;
  // Whole months of the period come from the monthly rollup, the days before and after them from the daily one.
  const firstWhole = sql`(case when extract(day from ${query.from}::date) = 1 then ${query.from}::date
                              else (date_trunc('month', ${query.from}::date) + interval '1 month')::date end)`;
  const afterLastWhole = sql`date_trunc('month', ${query.to}::date + 1)::date`;
  return sql`
      select m.metering_point_id, points.bidding_zone, ${dayStart(sql`m.month`)} as starts_at, ${signedWh('m')} as wh,
             m.estimated_intervals > 0 as estimated
      from points join reading_month m on m.metering_point_id = points.id
      where ${directionFilter('m')} and m.month >= ${firstWhole} and m.month < ${afterLastWhole}
      union all
      select * from (${days}) edge
      where not (edge.starts_at >= ${dayStart(firstWhole)} and edge.starts_at < ${dayStart(afterLastWhole)})`;
}

const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Rule 1: the asked metering points that are the scope's customer's on the scope's site, for a `points` CTE. */
const ownedPointsSql = (scope: CustomerScope, ids: SQL) =>
  sql`select id, bidding_zone from metering_point
      where site_id = ${scope.siteId} and customer_id = ${scope.customerId} and id in (${ids})`;

const directionFilterSql = (directions: EnergyQuery['directions'], alias: string) =>
  directions === 'netted'
    ? sql`${sql.raw(alias)}.direction in ('consumption', 'production')`
    : sql`${sql.raw(alias)}.direction = ${directions}`;

const signedWhSql = (directions: EnergyQuery['directions'], alias: string) =>
  directions === 'netted'
    ? sql`case when ${sql.raw(alias)}.direction = 'production' then -${sql.raw(alias)}.wh else ${sql.raw(alias)}.wh end`
    : sql`${sql.raw(alias)}.wh`;

/**
 * The SQL of one energy series: intervals summed into calendar buckets in the database.
 * Exported so the benchmark can run exactly this statement without the HTTP layer.
 */
export function energySql(query: EnergyQuery): SQL {
  const { scope, meteringPointIds, directions, bucket, timezone, withCost = false } = query;
  const shiftYears = query.shiftYears ?? 0;
  const ids = idList(meteringPointIds);
  const directionFilter = (alias: string) => directionFilterSql(directions, alias);
  const signedWh = (alias: string) => signedWhSql(directions, alias);
  const grouped = withCost
    ? sql`select ${bucketOf(bucket, sql`p.starts_at`, timezone)} as bucket, sum(p.wh) as wh, bool_or(p.estimated) as estimated,
             round(sum(p.cost)) as cost
          from priced p group by 1`
    : sql`select ${bucketOf(bucket, sql`r.starts_at`, timezone)} as bucket, sum(r.wh) as wh, bool_or(r.estimated) as estimated,
             null::numeric as cost
          from r group by 1`;
  const pricedMinutes = FINE_BUCKETS.includes(bucket) ? (query.sourceMinutes ?? 60) : 60;
  const pricing = withCost ? sql`, ${pricingCtes(scope, pricedMinutes, query, ids)}` : sql``;
  return sql`
    with bounds as (${bounds(query)}),
    points as materialized (${ownedPointsSql(scope, ids)}),
    r as (${intervalsSql(query, directionFilter, signedWh)})${pricing}
    select b.bucket, ${keyOf(sql`b.bucket`, timezone, shiftYears)} as key, g.wh, coalesce(g.estimated, false) as estimated, g.cost
    from (${bucketSeries(bucket, timezone)}) b
    left join (${grouped}) g on g.bucket = b.bucket
    order by b.bucket`;
}

/**
 * Rule 5: cost of every interval in exact numeric cents, by the one pricing module (modules/pricing): each
 * component valid on the interval's local day charges its rate (componentRateSql), the spot row of a spot
 * contract the day-ahead price (€/MWh ÷ 10 = c/kWh) within its Floor and Ceiling; on top, the VAT in force on
 * that local day (vatRangesSql, decision 093): each component's days are cut at the contract's rate changes.
 */
function pricingCtes(scope: CustomerScope, sourceMinutes: number, period: Period, ids: SQL): SQL {
  const { timezone } = period;
  const lower = lowerBound(period);
  const upper = upperBound(period);
  const spotKey = sourceMinutes >= 60 ? sql`date_trunc('hour', r.starts_at)` : sql`date_bin('15 minutes', r.starts_at, ${ORIGIN})`;
  // Hourly readings meet the hour's time-weighted mean price (spot_price_hour, decision 081); finer readings meet
  // their quarter-hour, with hourly prices (before 1 October 2025) spread over their four quarters.
  const spotByKey =
    sourceMinutes >= 60
      ? sql`select sh.bidding_zone, sh.starts_at as k, sh.eur_per_mwh as eur
            from spot_price_hour sh
            where sh.bidding_zone in (select distinct bidding_zone from points) and sh.starts_at >= ${lower} and sh.starts_at < ${upper}`
      : sql`select bidding_zone, q as k, eur_per_mwh as eur from spot`;
  const contracts = sql`c.site_id = ${scope.siteId} and c.customer_id = ${scope.customerId} and c.metering_point_id in (${ids})
        and c.status in (${pricedStatusesSql})`;
  const limit = (kind: 'Floor' | 'Ceiling') =>
    sql`(select l.price_cents from comp l where l.contract_id = c.contract_id and l.kind = ${kind} and r.local::date between l.vf and l.vt limit 1)`;
  const rate = componentRateSql({
    kind: sql`c.kind`,
    price: sql`c.price_cents`,
    priceType: sql`c.price_type`,
    seasonal: sql`c.seasonal`,
    spot: sql`(sk.eur / 10)`,
    floor: limit('Floor'),
    ceiling: limit('Ceiling'),
    local: sql`r.local`,
  });
  return sql`
    contract_keys as materialized (${contractVatKeysSql(contracts)}),
    ${vatRangesSql(sql`contract_keys`)},
    comp_days as (
      select c.id as contract_id, c.metering_point_id, pc.kind, pc.price_cents, c.price_type,
             ${seasonalSql(sql`c.id`)} as seasonal,
             greatest(pc.valid_from, c.start_date) as vf,
             least(coalesce(pc.valid_to, 'infinity'::date), coalesce(c.end_date, 'infinity'::date)) as vt
      from contract c join price_component pc on pc.contract_id = c.id
      where ${contracts} and pc.unit = 'c/kWh' and pc.kind in (${energyAndLimitKindsSql})
      union all
      select c.id, c.metering_point_id, 'Spot', 0, c.price_type, false, c.start_date, coalesce(c.end_date, 'infinity'::date)
      from contract c
      where ${contracts} and c.price_type in (${spotPriceTypesSql})
    ),
    comp as materialized (
      select d.contract_id, d.metering_point_id, d.kind, d.price_cents, d.price_type, d.seasonal, v.permille,
             greatest(d.vf, v.vf) as vf, least(d.vt, v.vt) as vt
      from comp_days d join contract_vat v on v.contract_id = d.contract_id and v.vf <= d.vt and d.vf <= v.vt
      -- Only the days of the period: every reading is priced against every row of its point.
      where v.permille is not null and greatest(d.vf, v.vf) <= ${period.to}::date and least(d.vt, v.vt) >= ${period.from}::date
    ),
    ${
      sourceMinutes >= 60
        ? sql``
        : sql`spot as (
      select sp.bidding_zone, q.q, sp.eur_per_mwh
      from spot_price sp,
           lateral generate_series(sp.starts_at, sp.starts_at + (sp.resolution_minutes - 15) * interval '1 minute', interval '15 minutes') as q(q)
      where sp.bidding_zone in (select distinct bidding_zone from points)
        and sp.starts_at >= ${lower} - interval '1 hour' and sp.starts_at < ${upper}
    ),`
    }
    spot_by_key as (${spotByKey}),
    local_r as (select r.*, r.starts_at at time zone ${timezone}::text as local from r),
    priced as (
      select r.starts_at, r.wh, r.estimated,
        r.wh * (
          select coalesce(sum(${rate} * (1000 + c.permille)), 0) / 1000000
          from comp c
          where c.metering_point_id = r.metering_point_id
            and r.local::date between c.vf and c.vt
        ) as cost
      from local_r r left join spot_by_key sk on sk.bidding_zone = r.bidding_zone and sk.k = ${spotKey}
    )`;
}

/** One energy series (energySql) as a read: alone, or together with others in one statement (decision 135). */
export function energyRead(query: EnergyQuery): Read<BucketRow[]> {
  return {
    sql: energySql(query),
    orderBy: ['bucket'],
    decode: (rows) =>
      rows.map((row) => ({
        bucket: new Date(row.bucket as Date | string),
        key: row.key as string,
        wh: toNumber(row.wh),
        estimated: row.estimated as boolean,
        costCents: toNumber(row.cost),
      })),
  };
}

export const energyBuckets = (executor: Executor, query: EnergyQuery): Promise<BucketRow[]> => readAlone(executor, energyRead(query));

export type ReadingsEndQuery = Omit<EnergyQuery, 'bucket' | 'sourceMinutes' | 'withCost' | 'shiftYears'> & { yearsBack: number };
export type ReadingsEnd = { until: string; untilDayBackWh: number | null } | null;

/**
 * Where a running period's readings end (decision 133): `until` is the end of the latest hour holding a reading of the
 * points between the period's bounds (the hourly rollup; a five-minute reading's hour counts whole), as a wall-clock key
 * `YYYY-MM-DDTHH:mm` on the site's clock; `untilDayBackWh` sums the same day `yearsBack` years earlier from its midnight
 * to that time of day, signed as the series is, null when it holds no reading (or is the day before's day back, as for
 * 29 February a year back). Null when the period holds no reading.
 */
export function readingsEndRead(query: ReadingsEndQuery): Read<ReadingsEnd> {
  const { scope, meteringPointIds, directions, timezone, yearsBack } = query;
  const back = sql`make_interval(years => ${yearsBack}::int)`;
  return {
    sql: sql`
    with points as materialized (${ownedPointsSql(scope, idList(meteringPointIds))}),
    latest as (
      select (max(h.starts_at) + interval '1 hour') at time zone ${timezone}::text as until
      from points join reading_hour h on h.metering_point_id = points.id
      where ${directionFilterSql(directions, 'h')} and h.starts_at >= ${lowerBound(query)} and h.starts_at < ${upperBound(query)}
    )
    select to_char(latest.until, 'YYYY-MM-DD"T"HH24:MI') as until,
           (select sum(${signedWhSql(directions, 'h')})
            from points join reading_hour h on h.metering_point_id = points.id
            where ${directionFilterSql(directions, 'h')}
              and h.starts_at >= ((date_trunc('day', latest.until) - ${back}) at time zone ${timezone}::text)
              and h.starts_at < ((latest.until - ${back}) at time zone ${timezone}::text)
              -- 29 February's day back is the 28th, which the day before already counts whole.
              and date_trunc('day', latest.until) - ${back} <> date_trunc('day', latest.until) - interval '1 day' - ${back}) as wh
    from latest`,
    orderBy: ['until'],
    decode: ([row]) => (row?.until ? { until: row.until as string, untilDayBackWh: toNumber(row.wh) } : null),
  };
}

/** Spot price of a bidding zone per bucket, in c/kWh (VAT excluded): the time-weighted mean of the bucket's periods. */
export function priceRead(query: Period & { zone: string; bucket: Bucket }): Read<AverageRow[]> {
  const { zone, bucket, timezone } = query;
  // Buckets of an hour or more take the time-weighted mean of the stored periods; finer ones need the
  // hourly periods of before 1 October 2025 spread over their quarters.
  const fine = bucket === 'quarter-hour' || bucket === 'five-minute';
  return averagesRead(sql`
    with bounds as (${bounds(query)}),
    spot as (${
      fine
        ? sql`select q.q as starts_at, sp.eur_per_mwh, 15 as minutes
              from spot_price sp,
                   lateral generate_series(sp.starts_at, sp.starts_at + (sp.resolution_minutes - 15) * interval '1 minute', interval '15 minutes') as q(q)
              where sp.bidding_zone = ${zone} and sp.starts_at >= ${lowerBound(query)} - interval '1 hour' and sp.starts_at < ${upperBound(query)}`
        : sql`select sp.starts_at, sp.eur_per_mwh, sp.resolution_minutes as minutes from spot_price sp
              where sp.bidding_zone = ${zone} and sp.starts_at >= ${lowerBound(query)} and sp.starts_at < ${upperBound(query)}`
    })
    select b.bucket, ${keyOf(sql`b.bucket`, timezone, query.shiftYears ?? 0)} as key, round(g.value, 3) as value
    from (${bucketSeries(bucket, timezone)}) b
    left join (select ${bucketOf(bucket, sql`starts_at`, timezone)} as bucket, sum(eur_per_mwh * minutes) / sum(minutes) / 10 as value from spot
               where starts_at >= ${lowerBound(query)} and starts_at < ${upperBound(query)} group by 1) g on g.bucket = b.bucket
    order by b.bucket`);
}

/** Mean outdoor temperature of a weather area per bucket, in °C with one decimal. */
export function temperatureRead(query: Period & { area: string; bucket: Bucket }): Read<AverageRow[]> {
  const { area, bucket, timezone } = query;
  return averagesRead(sql`
    with bounds as (${bounds(query)})
    select b.bucket, ${keyOf(sql`b.bucket`, timezone, query.shiftYears ?? 0)} as key, round(g.value, 1) as value
    from (${bucketSeries(bucket, timezone)}) b
    left join (select ${bucketOf(bucket, sql`t.starts_at`, timezone)} as bucket, avg(t.deci_celsius) / 10.0 as value
               from temperature t
               where t.area = ${area} and t.starts_at >= ${lowerBound(query)} and t.starts_at < ${upperBound(query)} group by 1) g on g.bucket = b.bucket
    order by b.bucket`);
}

/** A series of averages per bucket (prices, temperatures) as a read. */
function averagesRead(statement: SQL): Read<AverageRow[]> {
  return {
    sql: statement,
    orderBy: ['bucket'],
    decode: (rows) =>
      rows.map((row) => ({ bucket: new Date(row.bucket as Date | string), key: row.key as string, value: toNumber(row.value) })),
  };
}

/** Stored resolutions (minutes) of a metering point and direction set, with the first and last interval. */
export async function storedResolutions(executor: Executor, scope: CustomerScope, meteringPointId: string) {
  const rows = await queryRows<{ minutes: number; first: Date | string; last: Date | string }>(
    executor,
    sql`
    select m.minutes, (select min(starts_at) from reading r where r.metering_point_id = mp.id and r.direction = 'consumption' and r.resolution_minutes = m.minutes) as first,
           (select max(starts_at) from reading r where r.metering_point_id = mp.id and r.direction = 'consumption' and r.resolution_minutes = m.minutes) as last
    from metering_point mp cross join (values (60), (15), (5)) as m(minutes)
    where mp.id = ${meteringPointId} and mp.site_id = ${scope.siteId} and mp.customer_id = ${scope.customerId}`,
  );
  return rows
    .filter((row) => row.first !== null)
    .map((row) => ({ minutes: Number(row.minutes), first: new Date(row.first), last: new Date(row.last) }));
}

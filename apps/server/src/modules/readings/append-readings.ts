import { sql } from 'drizzle-orm';
import { localDate } from '@portal/schema/calendar-dates';
import { copyRows } from '../../db/bulk-copy.ts';
import { refreshStatisticsAfter } from '../../db/refresh-statistics.ts';
import type { UpsertReport } from '../../db/staged-upsert.ts';
import { isUniqueViolation, queryRows, type Database, type Executor } from '../../platform/database.ts';
import { RESOLUTIONS } from './reading-rollups.ts';

/** A checked reading of a known metering point, as an import writes it. */
export type ResolvedReading = {
  meteringPointId: string;
  direction: 'consumption' | 'production';
  minutes: number;
  startsAt: Date;
  wh: number;
  measured: boolean;
};

const HOUR = 3_600_000;
const READING_COLUMNS = ['metering_point_id', 'direction', 'resolution_minutes', 'starts_at', 'wh', 'measured'];
const HOUR_COLUMNS = ['metering_point_id', 'direction', 'starts_at', 'wh', 'measured_intervals', 'estimated_intervals'];
const ROLLED_UP = ['reading', 'reading_hour', 'reading_day', 'reading_month'];

/**
 * An instant as COPY text, formatted once per instant: a file's meters share their intervals (toISOString was a
 * tenth of an import).
 */
function isoOf(formatted: Map<number, string>, at: number): string {
  let text = formatted.get(at);
  if (text === undefined) {
    text = new Date(at).toISOString();
    formatted.set(at, text);
  }
  return text;
}

/** COPY text rows of readings, in READING_COLUMNS' order. */
export function readingLines(readings: ResolvedReading[]): string[] {
  const formatted = new Map<number, string>();
  return readings.map(
    (row) =>
      `${row.meteringPointId}\t${row.direction}\t${row.minutes}\t${isoOf(formatted, row.startsAt.getTime())}\t${row.wh}\t${row.measured ? 't' : 'f'}`,
  );
}

type Span = { id: string; lo: string; hi: string };

/** Each metering point's readings as one span of whole UTC hours, [lo, hi). */
function spansOf(readings: ResolvedReading[]): Span[] {
  const spans = new Map<string, { lo: number; hi: number }>();
  for (const row of readings) {
    const start = row.startsAt.getTime();
    const end = start + row.minutes * 60_000;
    const span = spans.get(row.meteringPointId);
    if (!span) spans.set(row.meteringPointId, { lo: start, hi: end });
    else {
      if (start < span.lo) span.lo = start;
      if (end > span.hi) span.hi = end;
    }
  }
  return [...spans].map(([id, { lo, hi }]) => ({
    id,
    lo: new Date(Math.floor(lo / HOUR) * HOUR).toISOString(),
    hi: new Date(Math.ceil(hi / HOUR) * HOUR).toISOString(),
  }));
}

type Sum = { wh: number; measured: number; estimated: number };
type HourSum = Sum & { minutes: number };

/**
 * The hours' sums as refreshRollups would take them from these readings alone: each hour of a point and direction at
 * the coarsest resolution it has, with its measured and estimated intervals counted. By series, `point\tdirection`,
 * then by the hour's number: no string key per reading.
 */
function hourSums(readings: ResolvedReading[]): Map<string, Map<number, HourSum>> {
  const series = new Map<string, Map<number, HourSum>>();
  for (const row of readings) {
    const name = `${row.meteringPointId}\t${row.direction}`;
    let hours = series.get(name);
    if (!hours) {
      hours = new Map();
      series.set(name, hours);
    }
    const hour = Math.floor(row.startsAt.getTime() / HOUR) * HOUR;
    const sum = hours.get(hour);
    if (!sum || row.minutes > sum.minutes) {
      hours.set(hour, { minutes: row.minutes, wh: row.wh, measured: row.measured ? 1 : 0, estimated: row.measured ? 0 : 1 });
    } else if (row.minutes === sum.minutes) {
      sum.wh += row.wh;
      if (row.measured) sum.measured += 1;
      else sum.estimated += 1;
    }
  }
  return series;
}

/** COPY rows of the hours, in HOUR_COLUMNS' order. */
function hourLines(series: Map<string, Map<number, HourSum>>): string[] {
  const formatted = new Map<number, string>();
  const lines: string[] = [];
  for (const [name, hours] of series) {
    for (const [hour, sum] of hours) lines.push(`${name}\t${isoOf(formatted, hour)}\t${sum.wh}\t${sum.measured}\t${sum.estimated}`);
  }
  return lines;
}

type PeriodRow = { metering_point_id: string; direction: string; period: string } & Sum;

/**
 * The hours' days and months on their site's clock (decision 081), summed: rows to add to what the days and months
 * hold, since none of these hours was stored before.
 */
function periodSums(series: Map<string, Map<number, HourSum>>, timezoneOf: Map<string, string>) {
  const localDays = new Map<string, Map<number, string>>();
  const days = new Map<string, PeriodRow>();
  const months = new Map<string, PeriodRow>();
  const add = (into: Map<string, PeriodRow>, name: string, period: string, sum: Sum) => {
    const key = `${name}\t${period}`;
    const row = into.get(key);
    if (row) {
      row.wh += sum.wh;
      row.measured += sum.measured;
      row.estimated += sum.estimated;
    } else {
      const [id, direction] = name.split('\t') as [string, string];
      into.set(key, { metering_point_id: id, direction, period, wh: sum.wh, measured: sum.measured, estimated: sum.estimated });
    }
  };
  for (const [name, hours] of series) {
    const timezone = timezoneOf.get(name.split('\t')[0]!)!;
    let dayOf = localDays.get(timezone);
    if (!dayOf) {
      dayOf = new Map();
      localDays.set(timezone, dayOf);
    }
    for (const [hour, sum] of hours) {
      let day = dayOf.get(hour);
      if (day === undefined) {
        day = localDate(new Date(hour), timezone);
        dayOf.set(hour, day);
      }
      add(days, name, day, sum);
      add(months, name, `${day.slice(0, 8)}01`, sum);
    }
  }
  return { days: [...days.values()], months: [...months.values()] };
}

const PERIOD_BATCH = 5_000;

/** Adds the sums to a day or month rollup: a period already holding other hours keeps them. */
async function addToPeriods(executor: Executor, table: 'reading_day' | 'reading_month', rows: PeriodRow[]): Promise<void> {
  const column = table === 'reading_day' ? 'day' : 'month';
  for (let from = 0; from < rows.length; from += PERIOD_BATCH) {
    await executor.execute(sql`
      insert into ${sql.identifier(table)} (metering_point_id, direction, ${sql.identifier(column)}, wh, measured_intervals, estimated_intervals)
      select metering_point_id, direction, period, wh, measured, estimated
      from json_to_recordset(${JSON.stringify(rows.slice(from, from + PERIOD_BATCH))}::json)
        as r(metering_point_id text, direction text, period date, wh bigint, measured integer, estimated integer)
      on conflict (metering_point_id, direction, ${sql.identifier(column)}) do update
        set wh = ${sql.identifier(table)}.wh + excluded.wh,
            measured_intervals = ${sql.identifier(table)}.measured_intervals + excluded.measured_intervals,
            estimated_intervals = ${sql.identifier(table)}.estimated_intervals + excluded.estimated_intervals`);
  }
}

/** The time zone of each point's site, whose clock its days and months follow. */
async function timezonesOf(executor: Executor, pointIds: string[]): Promise<Map<string, string>> {
  const rows = await queryRows<{ id: string; timezone: string }>(
    executor,
    sql`select mp.id, s.timezone from metering_point mp join site s on s.id = mp.site_id
        where mp.id in (select json_array_elements_text(${JSON.stringify(pointIds)}::json))`,
  );
  return new Map(rows.map((row) => [row.id, row.timezone]));
}

/** Whether any reading, of any direction and resolution, is stored within the spans: one index range each. */
async function anyStored(executor: Executor, spans: Span[]): Promise<boolean> {
  const [row] = await queryRows<{ stored: boolean }>(
    executor,
    sql`select exists (
          select 1 from json_to_recordset(${JSON.stringify(spans)}::json) as s(id text, lo timestamptz, hi timestamptz)
          cross join (values ('consumption'), ('production')) as d(direction)
          cross join (values ${RESOLUTIONS}) as m(minutes)
          where exists (
            select 1 from reading r
            where r.metering_point_id = s.id and r.direction = d.direction and r.resolution_minutes = m.minutes
              and r.starts_at >= s.lo and r.starts_at < s.hi)
        ) as stored`,
  );
  return row!.stored;
}

/**
 * The common import, a meter's new days: readings of hours that hold none yet. They are COPYed straight into
 * `reading`, and their hours, summed here, into `reading_hour`; their days and months, summed here on the site's
 * clock, are added to what those hold (a day half stored yesterday keeps its other hours); one transaction. No
 * staging table, no conflict check per reading and no rollup read back, which made an import several times slower
 * than the COPY it is measured against. Resolves to null, having written nothing, when a span already holds
 * readings or a concurrent writer stored the same keys first (a unique violation of a reading or an hour): the
 * caller then takes the staged upsert, which merges.
 */
export async function appendReadings(db: Database, readings: ResolvedReading[]): Promise<UpsertReport | null> {
  const spans = spansOf(readings);
  const series = hourSums(readings);
  try {
    return await db.transaction(async (tx) => {
      if (await anyStored(tx, spans)) return null;
      const { days, months } = periodSums(
        series,
        await timezonesOf(
          tx,
          spans.map((span) => span.id),
        ),
      );
      await copyRows(tx, 'reading', READING_COLUMNS, readingLines(readings));
      await copyRows(tx, 'reading_hour', HOUR_COLUMNS, hourLines(series));
      await addToPeriods(tx, 'reading_day', days);
      await addToPeriods(tx, 'reading_month', months);
      await refreshStatisticsAfter(tx, ROLLED_UP, readings.length);
      return { inserted: readings.length, updated: 0, unchanged: 0 };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

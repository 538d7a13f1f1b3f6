import { sql } from 'drizzle-orm';
import { copyRows } from '../../db/bulk-copy.ts';
import { refreshStatisticsAfter } from '../../db/refresh-statistics.ts';
import type { UpsertReport } from '../../db/staged-upsert.ts';
import { isUniqueViolation, queryRows, type Database, type Executor } from '../../platform/database.ts';
import { RESOLUTIONS, refreshDaysAndMonths } from './reading-rollups.ts';

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

/** COPY text rows of readings, in READING_COLUMNS' order. */
export function readingLines(readings: ResolvedReading[]): string[] {
  // A file's meters share their intervals: each instant is written out once (toISOString was a tenth of an import).
  const instants = new Map<number, string>();
  return readings.map((row) => {
    const at = row.startsAt.getTime();
    let text = instants.get(at);
    if (text === undefined) {
      text = row.startsAt.toISOString();
      instants.set(at, text);
    }
    return `${row.meteringPointId}\t${row.direction}\t${row.minutes}\t${text}\t${row.wh}\t${row.measured ? 't' : 'f'}`;
  });
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

/**
 * The hours' rows as refreshRollups would sum them from these readings alone: each hour of a point and direction at
 * the coarsest resolution it has, with its measured and estimated intervals counted. COPY rows in HOUR_COLUMNS' order.
 */
function hourLines(readings: ResolvedReading[]): string[] {
  type Sum = { minutes: number; wh: number; measured: number; estimated: number };
  // Series by point and direction, each a map by the hour's number: no string key per reading.
  const series = new Map<string, Map<number, Sum>>();
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
  const instants = new Map<number, string>();
  const lines: string[] = [];
  for (const [name, hours] of series) {
    for (const [hour, sum] of hours) {
      let text = instants.get(hour);
      if (text === undefined) {
        text = new Date(hour).toISOString();
        instants.set(hour, text);
      }
      lines.push(`${name}\t${text}\t${sum.wh}\t${sum.measured}\t${sum.estimated}`);
    }
  }
  return lines;
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
 * `reading` and their hours, summed here, into `reading_hour`; days and months follow from the hours; one
 * transaction. No staging table and no conflict check per row, which made an import several times slower than the
 * COPY it is measured against. Resolves to null, having written nothing, when a span already holds readings or a
 * concurrent writer stored the same keys first (a unique violation): the caller then takes the staged upsert, which
 * merges.
 */
export async function appendReadings(db: Database, readings: ResolvedReading[]): Promise<UpsertReport | null> {
  const spans = spansOf(readings);
  try {
    return await db.transaction(async (tx) => {
      if (await anyStored(tx, spans)) return null;
      await copyRows(tx, 'reading', READING_COLUMNS, readingLines(readings));
      await copyRows(tx, 'reading_hour', HOUR_COLUMNS, hourLines(readings));
      await refreshDaysAndMonths(
        tx,
        sql`select s.id as metering_point_id, h as starts_at
            from json_to_recordset(${JSON.stringify(spans)}::json) as s(id text, lo timestamptz, hi timestamptz),
                 generate_series(s.lo, s.hi - interval '1 hour', interval '1 hour') h`,
      );
      await refreshStatisticsAfter(tx, ROLLED_UP, readings.length);
      return { inserted: readings.length, updated: 0, unchanged: 0 };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

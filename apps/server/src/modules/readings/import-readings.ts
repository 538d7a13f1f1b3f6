import { inArray, sql } from 'drizzle-orm';
import { meteringPoint } from '../../db/schema/energy.ts';
import { stagedUpsert, type UpsertReport } from '../../db/staged-upsert.ts';
import type { Database } from '../../platform/database.ts';
import { appendReadings, readingLines, type ResolvedReading } from './append-readings.ts';
import { refreshRollups } from './reading-rollups.ts';
import { parseReadingsCsv, type CsvProblem } from './readings-csv.ts';

export type ImportResult = ({ ok: true } & UpsertReport & { rows: number }) | { ok: false; problems: CsvProblem[] };

/**
 * Imports a readings CSV (see readings-csv.ts): every line is checked first and nothing is written unless all
 * are good. Readings of hours that hold none yet are appended (append-readings.ts); a file that touches stored
 * readings goes through one idempotent upsert. Codes are looked up among metering points; a code known on more
 * than one site needs `siteId`.
 */
export async function importReadings(db: Database, csv: string, { siteId }: { siteId?: string } = {}): Promise<ImportResult> {
  const { readings, problems } = parseReadingsCsv(csv);
  const codes = [...new Set(readings.map((row) => row.code))];
  const points =
    codes.length === 0
      ? []
      : await db
          .select({ id: meteringPoint.id, siteId: meteringPoint.siteId, gsrn: meteringPoint.gsrn })
          .from(meteringPoint)
          .where(inArray(meteringPoint.gsrn, codes));
  const byCode = new Map<string, string[]>();
  for (const point of points) if (!siteId || point.siteId === siteId) byCode.set(point.gsrn, [...(byCode.get(point.gsrn) ?? []), point.id]);
  const resolved: ResolvedReading[] = [];
  for (const row of readings) {
    const ids = byCode.get(row.code) ?? [];
    if (ids.length === 0)
      problems.push({ line: row.line, message: `metering point ${row.code} is not known${siteId ? ` on site ${siteId}` : ''}` });
    else if (ids.length > 1)
      problems.push({ line: row.line, message: `metering point ${row.code} exists on several sites: name one with --site` });
    else
      resolved.push({
        meteringPointId: ids[0]!,
        direction: row.direction,
        minutes: row.minutes,
        startsAt: row.startsAt,
        wh: row.wh,
        measured: row.measured,
      });
  }
  if (problems.length > 0) return { ok: false, problems: problems.sort((a, b) => a.line - b.line) };
  const report =
    (resolved.length > 0 ? await appendReadings(db, resolved) : null) ??
    (await stagedUpsert(db, {
      table: 'reading',
      key: ['metering_point_id', 'direction', 'resolution_minutes', 'starts_at'],
      values: ['wh', 'measured'],
      lines: readingLines(resolved),
      alongside: (tx, staging) => refreshRollups(tx, sql.raw(`select metering_point_id, starts_at from ${staging}`)),
      derived: ['reading_hour', 'reading_day', 'reading_month'],
    }));
  return { ok: true, rows: resolved.length, ...report };
}

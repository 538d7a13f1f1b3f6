import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../platform/database.ts';
import { buildMeteringPoint, insertReadings } from '../../test-support/energy-factories.ts';
import { useTestApp } from '../../test-support/test-app.ts';
import { appendReadings } from './append-readings.ts';
import { importReadings } from './import-readings.ts';
import { refreshRollups, writtenRange } from './reading-rollups.ts';

const HEADER = 'metering_point,interval_start,resolution,direction,kwh,status';

/** A point's rollup rows, as text for comparing. */
async function rollupsOf(db: Database, pointId: string) {
  const rows = async (table: string, at: string) =>
    queryRows<{ row: string }>(
      db,
      sql`select concat_ws(' ', direction, ${sql.raw(at)}::text, wh, measured_intervals, estimated_intervals) as row
          from ${sql.raw(table)} where metering_point_id = ${pointId} order by direction, ${sql.raw(at)}`,
    ).then((found) => found.map(({ row }) => row));
  return {
    hours: await rows('reading_hour', 'starts_at'),
    days: await rows('reading_day', 'day'),
    months: await rows('reading_month', 'month'),
  };
}

describe('appending new readings (the common import)', () => {
  const ctx = useTestApp();

  it('keeps the hours, days and months a refresh from the stored readings gives, across a local midnight and a month, beside a day stored in part', async () => {
    const db = ctx.database.db;
    const code = '643007000000000309';
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002', gsrn: code, resolutionMinutes: 15 });
    // The morning of 30 September is stored already: that day and month get the file's hours added to theirs.
    await insertReadings(db, point.id, { from: new Date('2026-09-30T04:00:00Z'), to: new Date('2026-09-30T10:00:00Z'), wh: () => 700 });
    const lines = [HEADER];
    // 30 September 20:00 UTC to 1 October 02:00 UTC: Helsinki's midnight (21:00 UTC) and a new month in between.
    for (let quarter = 0; quarter < 24; quarter++) {
      const at = new Date(Date.parse('2026-09-30T20:00:00Z') + quarter * 900_000).toISOString();
      lines.push(`${code},${at},PT15M,consumption,${(0.1 + quarter / 100).toFixed(3)},${quarter % 5 === 0 ? 'estimated' : 'measured'}`);
      lines.push(`${code},${at},PT15M,production,0.05${quarter % 10},measured`);
    }
    // One hour also as an hourly value, and one hour in five-minute values: each hour counts its coarsest resolution.
    lines.push(`${code},2026-09-30T21:00:00Z,PT60M,consumption,1.234,measured`);
    for (let step = 0; step < 12; step++) {
      lines.push(
        `${code},${new Date(Date.parse('2026-10-01T02:00:00Z') + step * 300_000).toISOString()},PT5M,consumption,0.02${step % 10},measured`,
      );
    }
    expect(await importReadings(db, `${lines.join('\n')}\n`)).toEqual({ ok: true, rows: 61, inserted: 61, updated: 0, unchanged: 0 });
    const appended = await rollupsOf(db, point.id);
    expect(appended.hours).toContain('consumption 2026-09-30 21:00:00+00 1234 1 0');
    expect(appended.days).toContain('consumption 2026-09-30 4660 9 1');
    await db.transaction((tx) =>
      refreshRollups(tx, writtenRange([point.id], new Date('2026-09-30T00:00:00Z'), new Date('2026-10-02T00:00:00Z'))),
    );
    expect(await rollupsOf(db, point.id)).toEqual(appended);
  });

  it('writes nothing when its hours already hold a reading, of any resolution; the import then merges them', async () => {
    const db = ctx.database.db;
    const code = '643007000000000316';
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002', gsrn: code });
    await insertReadings(db, point.id, { from: new Date('2026-10-05T10:00:00Z'), to: new Date('2026-10-05T11:00:00Z'), wh: () => 900 });
    const quarters = [0, 1, 2, 3].map((quarter) => ({
      meteringPointId: point.id,
      direction: 'consumption' as const,
      minutes: 15,
      startsAt: new Date(Date.parse('2026-10-05T10:00:00Z') + quarter * 900_000),
      wh: 250,
      measured: true,
    }));
    expect(await appendReadings(db, quarters)).toBeNull();
    const stored = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from reading where metering_point_id = ${point.id}`);
    expect(stored[0]!.n).toBe(1);
    const csv = [HEADER, ...quarters.map((row) => `${code},${row.startsAt.toISOString()},PT15M,consumption,0.250,measured`)].join('\n');
    expect(await importReadings(db, csv)).toMatchObject({ ok: true, inserted: 4 });
    // The hour keeps the hourly value, its coarsest resolution.
    expect((await rollupsOf(db, point.id)).hours).toEqual(['consumption 2026-10-05 10:00:00+00 900 1 0']);
  });

  it('stores a file once when two imports of it run at the same time (on PostgreSQL, two connections)', async () => {
    const db = ctx.database.db;
    const code = '643007000000000323';
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100002', gsrn: code });
    const lines = [HEADER];
    for (let hour = 0; hour < 48; hour++) {
      lines.push(
        `${code},${new Date(Date.parse('2026-10-10T00:00:00Z') + hour * 3_600_000).toISOString()},PT60M,consumption,1.000,measured`,
      );
    }
    const other = await ctx.openAnotherCopy();
    try {
      const reports = await Promise.all([db, other.db].map((each) => importReadings(each, `${lines.join('\n')}\n`)));
      const counted = reports.map((report) => (report.ok ? [report.inserted, report.updated, report.unchanged] : report.problems));
      expect(counted).toEqual(
        expect.arrayContaining([
          [48, 0, 0],
          [0, 0, 48],
        ]),
      );
    } finally {
      await other.close();
    }
    expect((await rollupsOf(db, point.id)).days).toEqual([
      'consumption 2026-10-10 21000 21 0',
      'consumption 2026-10-11 24000 24 0',
      'consumption 2026-10-12 3000 3 0',
    ]);
  });
});

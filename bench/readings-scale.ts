import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { copyRows } from '../apps/server/src/db/bulk-copy.ts';
import { seedDemoData } from '../apps/server/src/db/seed/demo-data.ts';
import { energySql } from '../apps/server/src/modules/readings/energy-queries.ts';
import { throwAwayPostgresDatabase } from '../apps/server/src/test-support/throw-away-database.ts';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/platform/database.ts';
import { customerIdOf } from '../apps/server/src/test-support/energy-factories.ts';

const HOUR = 3_600_000;
const YEAR_START = Date.parse('2024-12-31T22:00:00Z');
const HOURS = 8_760;
const COLUMNS = ['metering_point_id', 'starts_at', 'direction', 'resolution_minutes', 'wh', 'measured'];

/** A throw-away database: PGlite in a temporary directory, or a new database on BENCH_DATABASE_URL's server. */
async function throwAwayDatabase(): Promise<{ database: DatabaseHandle; drop: () => Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    return { database, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const { handle, drop } = await throwAwayPostgresDatabase(serverUrl, 'portal_bench');
  return { database: handle, drop };
}

/** Hourly rows of `count` other metering points, a year each, loaded with COPY in slices of ~1 M rows. */
async function loadFiller(database: DatabaseHandle, first: number, count: number) {
  const perSlice = 114;
  for (let start = first; start < first + count; start += perSlice) {
    const lines: string[] = [];
    for (let point = start; point < Math.min(start + perSlice, first + count); point++) {
      for (let hour = 0; hour < HOURS; hour++) lines.push(`filler-${point}\t${new Date(YEAR_START + hour * HOUR).toISOString()}\tconsumption\t60\t${(point * 7 + hour) % 3000}\tt`);
    }
    await copyRows(database.db, 'reading', COLUMNS, lines);
  }
}

/** Best of three medians of 15 runs: other work on the machine (GC, a neighbour's build) only ever adds time. */
async function medianMs(run: () => Promise<unknown>): Promise<number> {
  for (let warm = 0; warm < 3; warm++) await run();
  const medians: number[] = [];
  for (let round = 0; round < 3; round++) {
    const samples: number[] = [];
    for (let index = 0; index < 15; index++) {
      const started = performance.now();
      await run();
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    medians.push(samples[Math.floor(samples.length / 2)]!);
  }
  return Math.min(...medians);
}

/**
 * Query time of one metering point's year by day (the chart's SQL) with 1 M and then 10 M rows in the readings
 * table. The other rows belong to other metering points; their foreign key is dropped in this throw-away
 * database only so that loading 10 M rows stays within the bench's time (it does not change the query).
 */
export async function readingsScale() {
  const { database, drop } = await throwAwayDatabase();
  try {
    const db = database.db;
    await seedDemoData(db, { idpIssuer: 'http://127.0.0.1:3000/idp', energyHistory: false });
    const customerId = await customerIdOf(db, 'lumo', 'LUMO-100001');
    await db.execute(sql`insert into supply_object (id, site_id, customer_id, street, postal_code, city, country_code, temperature_area)
      values ('bench-object', 'lumo', ${customerId}, 'Benchikatu 1', '00100', 'Helsinki', 'FI', 'fi-espoo')`);
    await db.execute(sql`insert into metering_point (id, site_id, customer_id, object_id, gsrn, utility, usage_point_kind, bidding_zone, resolution_minutes, meter_number)
      values ('bench-point', 'lumo', ${customerId}, 'bench-object', '643001100000000001', 'electricity', 'UsagePoint', 'FI', 60, 'BENCH-1')`);
    await db.execute(sql`alter table reading drop constraint if exists reading_metering_point_id_metering_point_id_fk`);
    const target = Array.from({ length: HOURS }, (_, hour) => `bench-point\t${new Date(YEAR_START + hour * HOUR).toISOString()}\tconsumption\t60\t${500 + (hour % 24) * 40}\tt`);
    await copyRows(db, 'reading', COLUMNS, target);
    const statement = energySql({
      scope: { siteId: 'lumo', customerId },
      meteringPointIds: ['bench-point'],
      directions: 'consumption',
      sourceMinutes: 60,
      bucket: 'day',
      from: '2025-01-01',
      to: '2025-12-31',
      timezone: 'Europe/Helsinki',
    });
    const query = () => db.execute(statement);

    const perPoint = HOURS;
    const toOneMillion = Math.ceil((1_000_000 - HOURS) / perPoint);
    let started = Date.now();
    await loadFiller(database, 0, toOneMillion);
    await db.execute(sql`analyze reading`);
    const oneMillionRows = (toOneMillion + 1) * perPoint;
    const loadOne = Date.now() - started;
    const atOne = await medianMs(query);

    started = Date.now();
    const toTenMillion = Math.ceil((10_000_000 - HOURS) / perPoint);
    await loadFiller(database, toOneMillion, toTenMillion - toOneMillion);
    await db.execute(sql`analyze reading`);
    const tenMillionRows = (toTenMillion + 1) * perPoint;
    const loadTen = Date.now() - started;
    const atTen = await medianMs(query);
    if (process.env.BENCH_EXPLAIN) {
      const plan = await db.execute(sql`explain (analyze, buffers) ${statement}`);
      console.log(((Array.isArray(plan) ? plan : (plan as { rows: Record<string, string>[] }).rows) as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n'));
    }
    return { kind: database.kind, oneMillionRows, tenMillionRows, atOne, atTen, ratio: atTen / atOne, loadSeconds: (loadOne + loadTen) / 1000 };
  } finally {
    await database.close();
    await drop();
  }
}

import { sql } from 'drizzle-orm';
import { copyRows } from '../apps/server/src/db/bulk-copy.ts';
import { seedDemoData } from '../apps/server/src/db/seed/demo-data.ts';
import { energySql } from '../apps/server/src/modules/readings/energy-queries.ts';
import { ensureReadingPartitions } from '../apps/server/src/modules/readings/reading-partitions.ts';
import { queryRows } from '../apps/server/src/platform/database.ts';
import { buildContract, buildMeteringPoint, customerIdOf, insertReadings } from '../apps/server/src/test-support/energy-factories.ts';
import { openBenchDatabase, type BenchDatabase } from './bench-databases.ts';

const HOUR = 3_600_000;
const YEAR_START = Date.parse('2024-12-31T22:00:00Z');
const HOURS = 8_760;
const POINTS_PER_SLICE = 114;

/**
 * Other metering points' hourly readings (a year each, ~1 M rows a slice) with their hourly and daily rollups, as
 * the writers keep them: the tables the chart reads grow with the readings. Loaded with COPY; the filler's rollups
 * are summed here rather than by the database, which changes nothing the measured query reads.
 */
async function loadFiller(database: BenchDatabase['database'], first: number, count: number) {
  for (let start = first; start < first + count; start += POINTS_PER_SLICE) {
    const readings: string[] = [];
    const hours: string[] = [];
    const days: string[] = [];
    for (let point = start; point < Math.min(start + POINTS_PER_SLICE, first + count); point++) {
      let daySum = 0;
      for (let hour = 0; hour < HOURS; hour++) {
        const at = new Date(YEAR_START + hour * HOUR).toISOString();
        const wh = (point * 7 + hour) % 3000;
        readings.push(`filler-${point}\t${at}\tconsumption\t60\t${wh}\tt`);
        hours.push(`filler-${point}\tconsumption\t${at}\t${wh}\t1\t0`);
        daySum += wh;
        if (hour % 24 === 23) {
          days.push(
            `filler-${point}\tconsumption\t${new Date(YEAR_START + (hour - 23) * HOUR + 2 * HOUR).toISOString().slice(0, 10)}\t${daySum}\t24\t0`,
          );
          daySum = 0;
        }
      }
    }
    await copyRows(
      database.db,
      'reading',
      ['metering_point_id', 'starts_at', 'direction', 'resolution_minutes', 'wh', 'measured'],
      readings,
    );
    const rollup = ['metering_point_id', 'direction'];
    const sums = ['wh', 'measured_intervals', 'estimated_intervals'];
    await copyRows(database.db, 'reading_hour', [...rollup, 'starts_at', ...sums], hours);
    await copyRows(database.db, 'reading_day', [...rollup, 'day', ...sums], days);
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
 * Query time of one metering point's year by day with its cost (the chart's SQL) with 1 M readings in the table and
 * then with `largest` (10 M by default; BENCH_READINGS=100000000 for issue 15's 100 M on PostgreSQL). The other
 * rows belong to other metering points; their foreign keys are dropped in this throw-away database only, so that
 * loading stays within the bench's time (it does not change the query).
 */
export async function readingsScale(kind: BenchDatabase['kind'], largest = Number(process.env.BENCH_READINGS ?? 10_000_000)) {
  const bench = await openBenchDatabase(kind);
  const database = bench.database;
  try {
    const db = database.db;
    await seedDemoData(db, { idpIssuer: 'http://127.0.0.1:3000/idp', energyHistory: false });
    const customerId = await customerIdOf(db, 'lumo', 'LUMO-100001');
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    // The year's months get their partitions first, as the demo seed's do (docs/decisions/116).
    await ensureReadingPartitions(db, { now: new Date(), from: new Date(YEAR_START) });
    await buildContract(db, point, {
      components: [
        { kind: 'Day', priceCents: '9.2' },
        { kind: 'Night', priceCents: '6.1' },
      ],
    });
    await insertReadings(db, point.id, {
      from: new Date(YEAR_START),
      to: new Date(YEAR_START + HOURS * HOUR),
      wh: (at) => 500 + (at.getUTCHours() % 24) * 40,
    });
    for (const table of ['reading', 'reading_hour', 'reading_day']) {
      await db.execute(sql.raw(`alter table ${table} drop constraint if exists ${table}_metering_point_id_metering_point_id_fk`));
    }
    const statement = energySql({
      scope: { siteId: 'lumo', customerId },
      meteringPointIds: [point.id],
      directions: 'consumption',
      bucket: 'day',
      from: '2025-01-01',
      to: '2025-12-31',
      timezone: 'Europe/Helsinki',
      withCost: true,
    });
    const query = () => db.execute(statement);
    const started = Date.now();
    const pointsFor = (rows: number) => Math.ceil((rows - HOURS) / HOURS);
    await loadFiller(database, 0, pointsFor(1_000_000));
    await db.execute(sql`analyze reading, reading_hour, reading_day`);
    const atOne = await medianMs(query);
    await loadFiller(database, pointsFor(1_000_000), pointsFor(largest) - pointsFor(1_000_000));
    await db.execute(sql`analyze reading, reading_hour, reading_day`);
    const atLargest = await medianMs(query);
    if (process.env.BENCH_EXPLAIN) {
      const plan = await queryRows<Record<string, string>>(db, sql`explain (analyze, buffers) ${statement}`);
      console.log(plan.map((row) => Object.values(row)[0]).join('\n'));
    }
    return {
      kind,
      oneMillionRows: (pointsFor(1_000_000) + 1) * HOURS,
      largestRows: (pointsFor(largest) + 1) * HOURS,
      atOne,
      atLargest,
      ratio: atLargest / atOne,
      loadSeconds: (Date.now() - started) / 1000,
    };
  } finally {
    await bench.drop();
  }
}

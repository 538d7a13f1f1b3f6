import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { meteringPoint } from '../../db/schema/energy.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { loadPglite, queryRows, type Database } from '../../platform/database.ts';
import { buildMeteringPoint, insertReadings } from '../../test-support/energy-factories.ts';
import { useTestApp } from '../../test-support/test-app.ts';
import { MONTHS_AHEAD, makeReadingPartitionsJob } from './reading-partitions.ts';

const migrationsFolder = fileURLToPath(new URL('../../db/migrations', import.meta.url));
const CONVERSION = '0029_readings_by_month';

/** The committed migrations up to the one before the conversion: a database as an installation before it had it. */
function migrationsBeforeConversion(): string {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-before-0029-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === CONVERSION);
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

const rows = <T>(db: Database, query: ReturnType<typeof sql>) => queryRows<T>(db, query);
/** Every reading in one string, in key order: equal before and after means no row was lost or changed. */
const fingerprint = async (db: Database) =>
  (
    await rows<{ n: number; wh: string; digest: string }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(wh), 0)::text as wh,
                 md5(coalesce(string_agg(concat_ws('|', metering_point_id, direction, resolution_minutes, extract(epoch from starts_at), wh, measured), ',' order by metering_point_id, direction, resolution_minutes, starts_at), '')) as digest
          from reading`,
    )
  )[0]!;
const partitionsOf = async (db: Database) =>
  (
    await rows<{ name: string }>(
      db,
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'reading'::regclass order by 1`,
    )
  ).map((row) => row.name);
const monthName = (at: Date) => `reading_${at.toISOString().slice(0, 4)}_${at.toISOString().slice(5, 7)}`;

describe('migration 0029 turns the readings table into partitions by month without losing a row', () => {
  const before = migrationsBeforeConversion();
  const closers: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    rmSync(before, { recursive: true, force: true });
  });

  /** A database migrated up to 0028 and the call that applies the rest, on PGlite or (TEST_DATABASE_URL) PostgreSQL. */
  async function databaseBeforeConversion(): Promise<{ db: Database; migrateRest: () => Promise<void> }> {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) {
      const client = new PGlite({ extensions: (await loadPglite()).extensions });
      closers.push(() => client.close());
      const db = drizzlePglite({ client });
      await migratePglite(db, { migrationsFolder: before });
      return { db, migrateRest: () => migratePglite(db, { migrationsFolder }) };
    }
    const name = `portal_conversion_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    // The drop below ends a connection the pool may still be closing.
    pool.on('error', () => {});
    closers.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    closers.push(() => pool.end());
    const db = drizzleNodePostgres({ client: pool });
    await migrateNodePostgres(db, { migrationsFolder: before });
    return { db, migrateRest: () => migrateNodePostgres(db, { migrationsFolder }) };
  }

  it('keeps every reading, in a partition of its month, and the keys and references of the table', async () => {
    const { db, migrateRest } = await databaseBeforeConversion();
    // A customer's metering point written as 0028's tables hold it: today's seed and factories name columns, features
    // and tables an old schema has not.
    const customerId = randomUUID();
    const point = { id: 'mp-conversion' };
    await db.execute(sql`insert into locale (id, name) values ('fi-FI', 'Suomi')`);
    await db.execute(sql`insert into site (id, company_name, timezone, default_locale_id, theme_id, country_code)
                         values ('lumo', 'Lumo Energia Oy', 'Europe/Helsinki', 'fi-FI', 'aurora', 'FI')`);
    await db.execute(sql`insert into customer (id, site_id, client_code, type, name)
                         values (${customerId}, 'lumo', 'LUMO-100001', 'private', 'Aino Virtanen')`);
    await db.execute(sql`insert into supply_object (id, site_id, customer_id, street, postal_code, city, country_code, temperature_area)
                         values ('obj-conversion', 'lumo', ${customerId}, 'Testikatu 1', '00100', 'Helsinki', 'FI', 'area-conversion')`);
    await db.execute(sql`insert into metering_point (id, site_id, customer_id, object_id, gsrn, utility, usage_point_kind, bidding_zone,
                           resolution_minutes, has_production, meter_number)
                         values (${point.id}, 'lumo', ${customerId}, 'obj-conversion', '643000000000000017', 'electricity', 'UsagePoint',
                           'FI', 60, false, 'M-conversion')`);
    // Three months of hours and a day of quarter-hours across a month's end, measured and estimated.
    await insertReadings(db, point.id, {
      from: new Date('2026-07-30T00:00:00Z'),
      to: new Date('2026-10-02T00:00:00Z'),
      wh: (at) => 400 + ((at.getTime() / 3_600_000) % 97),
      measured: (at) => at.getUTCHours() !== 3,
    });
    await insertReadings(db, point.id, { from: new Date('2026-08-31T12:00:00Z'), to: new Date('2026-09-01T12:00:00Z'), minutes: 15 });
    const kept = await fingerprint(db);
    expect(kept.n).toBe(64 * 24 + 96);

    await migrateRest();

    expect(await rows(db, sql`select relkind::text from pg_class where relname = 'reading'`)).toEqual([{ relkind: 'p' }]);
    expect(await rows(db, sql`select to_regclass('reading_unpartitioned')::text as old`)).toEqual([{ old: null }]);
    expect(await fingerprint(db)).toEqual(kept);
    const partitions = await partitionsOf(db);
    expect(partitions).toEqual(
      expect.arrayContaining(['reading_2026_07', 'reading_2026_08', 'reading_2026_09', 'reading_2026_10', 'reading_default']),
    );
    const ahead = new Date();
    ahead.setUTCDate(1);
    ahead.setUTCMonth(ahead.getUTCMonth() + MONTHS_AHEAD);
    expect(partitions).toContain(monthName(ahead));
    expect(await rows(db, sql`select count(*)::int as n from reading_default`)).toEqual([{ n: 0 }]);
    expect(await rows(db, sql`select count(*)::int as n from reading_2026_08`)).toEqual([{ n: 31 * 24 + 48 }]);

    // The primary key still refuses a second reading of the same interval, and the reference still cascades.
    await expect(
      db.execute(sql`insert into reading (metering_point_id, starts_at, direction, resolution_minutes, wh)
                     values (${point.id}, '2026-08-15T10:00:00Z', 'consumption', 60, 1)`),
    ).rejects.toThrow();
    await db.delete(meteringPoint).where(eq(meteringPoint.id, point.id));
    expect((await fingerprint(db)).n).toBe(0);
  });
});

describe('the nightly job readings.make-partitions', () => {
  const ctx = useTestApp();

  it('gives a month that arrived without a partition its own, moving its rows out of the default one, and makes months ahead', async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    // History from long before the installation: no partition was made for it.
    await insertReadings(db, point.id, { from: new Date('2025-01-10T00:00:00Z'), to: new Date('2025-01-12T00:00:00Z') });
    expect(await rows(db, sql`select count(*)::int as n from reading_default`)).toEqual([{ n: 48 }]);
    const kept = await fingerprint(db);

    await enqueue(db, makeReadingPartitionsJob, {});
    const outcomes = await ctx.app.jobs.runDue();
    expect(outcomes.filter((outcome) => outcome.kind === makeReadingPartitionsJob.kind).map((outcome) => outcome.outcome)).toEqual([
      'done',
    ]);

    expect(await partitionsOf(db)).toContain('reading_2025_01');
    expect(await rows(db, sql`select count(*)::int as n from reading_default`)).toEqual([{ n: 0 }]);
    expect(await rows(db, sql`select count(*)::int as n from reading_2025_01`)).toEqual([{ n: 48 }]);
    expect(await fingerprint(db)).toEqual(kept);
    // Queries read `reading` as before, and a month's query reads its partition only.
    expect(
      await rows(
        db,
        sql`select count(*)::int as n from reading where metering_point_id = ${point.id} and starts_at >= '2025-01-11T00:00Z' and starts_at < '2025-01-12T00:00Z'`,
      ),
    ).toEqual([{ n: 24 }]);
    const plan = await rows<Record<string, string>>(
      db,
      sql`explain select * from reading where starts_at >= '2025-01-11T00:00Z' and starts_at < '2025-01-12T00:00Z'`,
    );
    const planText = plan.map((line) => Object.values(line)[0]).join('\n');
    expect(planText).toContain('reading_2025_01');
    expect(planText).not.toContain('reading_default');
  });
});

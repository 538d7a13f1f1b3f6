import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadPglite, openDatabase, queryRows, type Database } from '../platform/database.ts';
import { migratedPgliteFolder, openMigratedPglite } from '../test-support/test-database.ts';
import { throwAwayPostgresDatabase } from '../test-support/throw-away-database.ts';
import { createJobRunner } from '../platform/jobs/job-runner.ts';
import { recordingLogger } from '../test-support/recording-logger.ts';
import { refreshStatistics, refreshStatisticsJob } from './refresh-statistics.ts';
import { stagedUpsert } from './staged-upsert.ts';

const halfDoneImport = fileURLToPath(new URL('../test-support/half-done-import.ts', import.meta.url));
const STAGING = `select relname as name from pg_class where relname like 'import\\_staging\\_%' order by 1`;

/** An import killed with SIGKILL (no clean-up of its own) right after it created its staging table. */
async function killImportHalfWay(target: string): Promise<string> {
  const child = spawn(process.execPath, [halfDoneImport, target], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = once(child, 'exit');
  const [name] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  child.kill('SIGKILL');
  await exited;
  return name;
}

async function stagingTables(db: Database): Promise<string[]> {
  return (await queryRows<{ name: string }>(db, sql.raw(STAGING))).map((row) => row.name);
}

describe('staging tables of a killed import', () => {
  it('on PGlite: are left in the folder by the kill, and gone once the next process opens it', async () => {
    const dataDir = await migratedPgliteFolder('portal-staging-');
    try {
      const name = await killImportHalfWay(dataDir);
      expect(name).toMatch(/^import_staging_reading_[0-9a-f]{32}$/);

      const raw = new PGlite(dataDir, { extensions: (await loadPglite()).extensions });
      expect((await raw.query<{ name: string }>(STAGING)).rows).toEqual([{ name }]);
      await raw.close();

      const next = await openDatabase({ kind: 'pglite', dataDir }, { use: { role: 'import' } });
      expect(await stagingTables(next.db)).toEqual([]);
      await next.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    it('on PostgreSQL: end with the killed import’s connection', async () => {
      const { handle, url, drop } = await throwAwayPostgresDatabase(serverUrl, 'portal_staging');
      try {
        const name = await killImportHalfWay(url);
        expect(name).toMatch(/^import_staging_reading_[0-9a-f]{32}$/);
        // The server notices the dropped connection and drops its temporary tables on its own time.
        await expect.poll(() => stagingTables(handle.db), { timeout: 10_000 }).toEqual([]);
      } finally {
        await handle.close();
        await drop();
      }
    }, 60_000);
  }
});

describe('a bulk write', () => {
  it('has its table and the tables kept alongside analysed by a job after it, when it was large against the table', async () => {
    // PGlite whatever the run tests: PostgreSQL's autovacuum may analyse the tables before the job does.
    const handle = await openMigratedPglite();
    const { db } = handle;
    try {
      await db.execute(sql`create table bulk_target (k integer primary key, v integer)`);
      await db.execute(sql`create table bulk_derived (k integer, v integer)`);
      const write = (from: number, count: number) =>
        stagedUpsert(db, {
          table: 'bulk_target',
          key: ['k'],
          values: ['v'],
          lines: Array.from({ length: count }, (_, index) => `${from + index}\t${index % 7}`),
          alongside: async (tx, staging) => void (await tx.execute(sql.raw(`insert into bulk_derived select k, v from ${staging}`))),
          derived: ['bulk_derived'],
        });
      // reltuples stays -1 until a table is first analysed.
      const stats = async () =>
        (
          await queryRows<{ relname: string; reltuples: number }>(
            db,
            sql`select relname, reltuples from pg_class where relname in ('bulk_target', 'bulk_derived') order by 1`,
          )
        ).map((row) => [row.relname, Number(row.reltuples)]);
      const runner = createJobRunner({ database: handle, log: recordingLogger({}, []) });
      runner.handle(refreshStatisticsJob, refreshStatistics);

      await write(0, 10_001);
      // The write answered without analysing.
      expect(await stats()).toEqual([
        ['bulk_derived', -1],
        ['bulk_target', -1],
      ]);
      expect(await runner.runDue()).toMatchObject([{ kind: refreshStatisticsJob.kind, outcome: 'done' }]);
      expect(await stats()).toEqual([
        ['bulk_derived', 10_001],
        ['bulk_target', 10_001],
      ]);
      // A tenth of the table or less is left to the statistics as they are.
      await write(10_001, 1_000);
      expect(await runner.runDue()).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 60_000);
});

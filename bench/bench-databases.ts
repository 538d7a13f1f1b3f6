import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/platform/database.ts';
import { throwAwayPostgresDatabase } from '../apps/server/src/test-support/throw-away-database.ts';

export type BenchDatabase = {
  kind: 'pglite' | 'postgres';
  database: DatabaseHandle;
  /** How a server process reaches the same database: DATABASE_URL, or the PGlite folder (DATA_DIR). */
  environment: Record<string, string>;
  /** Closes this process's handle, for a server process to take the PGlite folder over. */
  close: () => Promise<void>;
  drop: () => Promise<void>;
};

/** The databases a bench run measures: embedded PGlite always, PostgreSQL too when BENCH_DATABASE_URL names a server. */
export const benchDatabaseKinds = (): BenchDatabase['kind'][] => [
  'pglite',
  ...(process.env.BENCH_DATABASE_URL ? (['postgres'] as const) : []),
];

/** A fresh, migrated database of that kind: PGlite in a temporary folder, or a new database on the bench's server. */
export async function openBenchDatabase(kind: BenchDatabase['kind']): Promise<BenchDatabase> {
  if (kind === 'postgres') {
    const { handle, url, drop } = await throwAwayPostgresDatabase(process.env.BENCH_DATABASE_URL!, 'portal_bench');
    return { kind, database: handle, environment: { DATABASE_URL: url }, close: () => handle.close(), drop };
  }
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: dir });
  let closed = false;
  const close = async () => {
    if (!closed) await database.close();
    closed = true;
  };
  return {
    kind,
    database,
    environment: { DATA_DIR: dir },
    close,
    drop: async () => {
      await close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

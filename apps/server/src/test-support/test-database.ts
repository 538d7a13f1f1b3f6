import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../platform/database.ts';
import { throwAwayPostgresDatabase } from './throw-away-database.ts';

export type TestDatabase = {
  handle: DatabaseHandle;
  /**
   * The same database as another server copy sees it: on PostgreSQL a second connection pool; on PGlite,
   * which one process opens once, the same instance.
   */
  openAnotherCopy: () => Promise<DatabaseHandle>;
  drop: () => Promise<void>;
};

/**
 * A fresh, migrated database: in-memory PGlite by default, or a throw-away database on the PostgreSQL server
 * named by TEST_DATABASE_URL, so the same tests prove both. Each starts from the run's migrated template
 * (global-setup.ts); the migrator then finds nothing left to apply.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const startFrom = new Blob([await readFile(inject('pgliteTemplate'))]);
    const handle = await openDatabase({ kind: 'pglite', dataDir: null }, { startFrom });
    return { handle, openAnotherCopy: async () => ({ ...handle, close: async () => {} }), drop: async () => {} };
  }
  const { handle, url, drop } = await throwAwayPostgresDatabase(serverUrl, 'portal_test', inject('postgresTemplate') ?? undefined);
  return { handle, openAnotherCopy: () => openDatabase({ kind: 'postgres', url }), drop };
}

import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config.ts';

/** The one database type every repository takes: the same SQL on PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Cheap round trip for the readiness check. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

/** Opens the configured database and applies the committed migrations. */
export async function openDatabase(database: Config['database']): Promise<DatabaseHandle> {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    // An idle connection the server closed (restart, failover) is dropped by the pool and the next query
    // opens a new one; without a listener the event would end the process.
    pool.on('error', () => {});
    const db = drizzleNodePostgres({ client: pool });
    await migrateNodePostgres(db, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pool.end(),
    };
  }
  if (database.dataDir) mkdirSync(database.dataDir, { recursive: true });
  const client = new PGlite(database.dataDir ?? undefined);
  const db = drizzlePglite({ client });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
  };
}

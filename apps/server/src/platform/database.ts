import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { lockDataFolder, type DataFolderLock, type DataFolderUse } from './data-folder-lock.ts';
import { pgliteGivingTurns } from './pglite-turns.ts';
import { observedPglite, observedPool, type StatementObserver } from './tracing.ts';

/** The one database type every repository takes: the same SQL on PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT>;
/** An open transaction: services open it, repositories run their statements in it (rule 3). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Where a repository runs a statement: the database, or a transaction a service opened. */
export type Executor = Database | Transaction;

/** Rows of a raw SQL statement: PGlite answers `{ rows }`, node-postgres an array or `{ rows }`. */
export async function queryRows<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await executor.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** PostgreSQL's unique_violation (also under drizzle's wrapping error): another writer stored the same key first. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** This process's hold on an embedded database's folder; null on PostgreSQL and in memory. */
  lock: DataFolderLock | null;
  /** Cheap round trip for the readiness check. */
  ping: () => Promise<void>;
  /** Tells `observer` of every statement sent from now on (the metrics of platform/metrics.ts) until the returned call. */
  observeStatements: (observer: StatementObserver) => () => void;
  /** The PostgreSQL pool's connections now (the metrics of platform/metrics.ts); null for PGlite, which has none. */
  connections: () => { open: number; idle: number; waiting: number } | null;
  /**
   * Calls `onNotify` with the payload of each NOTIFY on `channel` (delivered when the notifying transaction
   * commits, in commit order) until
   * the returned function is called. On PostgreSQL this holds one connection of its own, outside the pool;
   * `onLost` hears when that connection breaks, after which nothing more arrives.
   */
  listen: (channel: string, onNotify: (payload: string) => void, onLost: (error: Error) => void) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

/**
 * PGlite, the extensions the migrations create (pg_trgm and unaccent for the staff customer search, decision 075) and
 * Drizzle's PGlite driver, imported when a copy opens the embedded database: a copy on PostgreSQL never loads them
 * (decision 121).
 */
export async function loadPglite() {
  const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  return { PGlite, extensions: { pg_trgm, unaccent }, drizzle, migrate };
}

const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

export type OpenOptions = {
  /** What this process is, for the lock of an embedded database's folder and for whoever it refuses. */
  use?: DataFolderUse;
  /** Progress of a start that may take a while (first migrations). */
  log?: Pick<FastifyBaseLogger, 'info'>;
  /** An in-memory PGlite starts from this dump of a data folder (tests start from one already migrated). */
  startFrom?: Blob;
};

/**
 * Opens the configured database and applies the committed migrations. An embedded database's folder is
 * locked first: PGlite is one process's memory over those files, and a second process writing them loses
 * data silently (DataFolderInUseError names the holder instead).
 */
export async function openDatabase(
  database: Config['database'],
  { use = { role: 'process' }, log, startFrom }: OpenOptions = {},
): Promise<DatabaseHandle> {
  const observers = new Set<StatementObserver>();
  const observed: StatementObserver = (...statement) => {
    for (const observer of observers) observer(...statement);
  };
  const observeStatements = (observer: StatementObserver) => {
    observers.add(observer);
    return () => void observers.delete(observer);
  };
  if (database.kind === 'postgres') {
    // JIT off on the portal's own connections (decision 132): PostgreSQL compiles a statement whose estimated cost passes
    // jit_above_cost, and the pricing statements' row estimates do (billed-days.ts: 7 M estimated, 8 k real rows), so
    // a 50 ms dashboard answer spent 3 s in LLVM on every call and a copy under load answered nothing. An operator's
    // DATABASE_URL `options` parameter still wins over this one.
    const pool = observedPool(new pg.Pool({ connectionString: database.url, max: 10, options: '-c jit=off' }), observed);
    // An idle connection the server closed (restart, failover) is dropped by the pool and the next query
    // opens a new one; without a listener the event would end the process.
    pool.on('error', () => {});
    const db = drizzleNodePostgres({ client: pool });
    log?.info('applying database migrations');
    await migrateNodePostgres(db, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      lock: null,
      ping: async () => void (await db.execute(sql`select 1`)),
      observeStatements,
      connections: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      listen: async (channel, onNotify, onLost) => {
        const client = new pg.Client({ connectionString: database.url });
        let ended = false;
        client.on('notification', (message) => {
          if (message.channel === channel) onNotify(message.payload ?? '');
        });
        const lost = (error: Error) => {
          if (ended) return;
          ended = true;
          onLost(error);
        };
        client.on('error', lost);
        client.on('end', () => lost(new Error('the listening connection closed')));
        await client.connect();
        await client.query(`listen ${client.escapeIdentifier(channel)}`);
        return async () => {
          if (ended) return;
          ended = true;
          await client.end();
        };
      },
      close: () => pool.end(),
    };
  }
  let lock: DataFolderLock | null = null;
  if (database.dataDir) {
    mkdirSync(database.dataDir, { recursive: true });
    lock = lockDataFolder(database.dataDir, use);
  }
  try {
    log?.info({ dataDir: database.dataDir ?? 'memory' }, 'opening embedded PGlite and applying migrations');
    const { PGlite, extensions, drizzle: drizzlePglite, migrate: migratePglite } = await loadPglite();
    const client = pgliteGivingTurns(
      observedPglite(
        database.dataDir ? new PGlite(database.dataDir, { extensions }) : new PGlite({ loadDataDir: startFrom, extensions }),
        observed,
      ),
    );
    const db = drizzlePglite({ client });
    await migratePglite(db, { migrationsFolder });
    await dropTablesOfEndedSessions(client);
    const held = lock;
    return {
      db,
      kind: 'pglite',
      lock: held,
      ping: async () => void (await db.execute(sql`select 1`)),
      observeStatements,
      connections: () => null,
      // One in-process database: nothing to lose but the instance itself.
      listen: (channel, onNotify) => client.listen(channel, onNotify),
      close: async () => {
        await client.close();
        held?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/**
 * Temporary tables of a session that never closed: an import killed half-way leaves its staging table here,
 * as PostgreSQL only clears a dead backend's temporary schema when a new session first uses it. The folder
 * lock makes this process the only session, so every such table is a leftover.
 */
async function dropTablesOfEndedSessions(client: PGlite): Promise<void> {
  const { rows } = await client.query<{ name: string }>(`
    select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relpersistence = 't' and c.relkind = 'r' and n.oid is distinct from pg_my_temp_schema()`);
  for (const { name } of rows) await client.exec(`drop table if exists ${name}`);
}

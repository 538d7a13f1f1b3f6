import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import type { Database, Executor } from '../platform/database.ts';

/** A value of a COPY text-format row: null as \N, text with its tab, newline and backslash escaped. */
export function copyValue(value: string | number | boolean | null): string {
  if (value === null) return '\\N';
  if (typeof value !== 'string') return String(value);
  return value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

/**
 * Loads rows with COPY ... FROM in one statement (all rows or none): through PGlite's /dev/blob when embedded,
 * through pg-copy-streams on PostgreSQL. Hundreds of thousands of rows a second either way. Given a transaction,
 * the rows are part of it. `lines` are tab-separated COPY text rows, each ending without a newline.
 */
export async function copyRows(db: Executor, table: string, columns: string[], lines: string[]): Promise<void> {
  if (lines.length === 0) return;
  const statement = `copy ${table} (${columns.map((column) => `"${column}"`).join(', ')}) from`;
  const client = clientOf(db);
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const connection = client instanceof pg.Pool ? await client.connect() : client;
    try {
      const stream = connection.query(copyStreams.from(`${statement} stdin`));
      await pipeline(Readable.from(chunks(lines)), stream);
    } finally {
      if (client instanceof pg.Pool) (connection as pg.PoolClient).release();
    }
    return;
  }
  await client.query(`${statement} '/dev/blob'`, [], { blob: new Blob([...chunks(lines)]) });
}

function* chunks(lines: string[], size = 10_000): Generator<string> {
  for (let index = 0; index < lines.length; index += size) yield `${lines.slice(index, index + size).join('\n')}\n`;
}

/**
 * Runs `work` on one connection of the database, for statements that share session state (a temporary table
 * seen by a COPY and the INSERT after it). PGlite is one session anyway; a pool lends one connection, and drops
 * it after a failure so no half-finished session state goes back to the pool.
 */
export async function withOneConnection<T>(db: Database, work: (connection: Database) => Promise<T>): Promise<T> {
  const client = clientOf(db);
  if (!(client instanceof pg.Pool)) return work(db);
  const connection = await client.connect();
  let failed = false;
  try {
    return await work(drizzle({ client: connection }));
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    connection.release(failed);
  }
}

type Client = PGlite | pg.Pool | pg.Client;

/** The driver's own client under drizzle: the database's, or the one connection a transaction runs on. */
function clientOf(db: Executor): Client {
  const handle = db as unknown as { $client?: Client; session?: { client: Client } };
  return handle.$client ?? handle.session!.client;
}

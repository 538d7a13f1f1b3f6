import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../platform/database.ts';

/**
 * A new, migrated database on the PostgreSQL server of `serverUrl`, for one test file or one bench run, its
 * address (to open it again, as a second server copy would) and the function that drops it again. A copy of
 * `template`, a database already migrated, when one is given.
 */
export async function throwAwayPostgresDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ handle: DatabaseHandle; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString() });
  return { handle, url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

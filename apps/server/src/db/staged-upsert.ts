import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Database, type Transaction } from '../platform/database.ts';
import { copyRows, withOneConnection } from './bulk-copy.ts';
import { refreshStatisticsAfter } from './refresh-statistics.ts';

export type UpsertReport = { inserted: number; updated: number; unchanged: number };

/**
 * Idempotent bulk load: COPY into a throw-away staging table, then one INSERT … ON CONFLICT DO UPDATE that
 * only touches rows whose values differ. Loading the same file twice changes nothing the second time. The insert
 * and `alongside` (what must change with the rows, given the staging table's name) are one transaction, which also
 * asks for fresh statistics of the table and `derived` (the tables `alongside` keeps, such as rollups) when the write
 * was large against the table (refresh-statistics.ts).
 */
export async function stagedUpsert(
  db: Database,
  {
    table,
    key,
    values,
    lines,
    alongside,
    derived = [],
  }: {
    table: string;
    key: string[];
    values: string[];
    lines: string[];
    alongside?: (tx: Transaction, staging: string) => Promise<void>;
    derived?: string[];
  },
): Promise<UpsertReport> {
  if (lines.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  const columns = [...key, ...values];
  const list = columns.map((column) => `"${column}"`).join(', ');
  return withOneConnection(db, async (connection) => {
    const staging = await createStagingTable(connection, table, columns);
    try {
      await copyRows(connection, staging, columns, lines);
      const changed = values.map((column) => `${table}."${column}"`).join(', ');
      const incoming = values.map((column) => `excluded."${column}"`).join(', ');
      const rows = await connection.transaction(async (tx) => {
        // Counted in the database: an import of a million rows does not send a million flags back. The new keys are
        // counted in the same statement, so against the same snapshot as the insert: `xmax = 0`, the usual sign of an
        // inserted row, cannot be read from a partitioned table such as `reading` (decision 116).
        const sameKey = key.map((column) => `existing."${column}" = staged."${column}"`).join(' and ');
        const [written] = await queryRows<{ inserted: number | string; written: number | string }>(
          tx,
          sql.raw(`with fresh as (
              select count(*) as n from ${staging} staged where not exists (select 1 from ${table} existing where ${sameKey})),
            written as (
              insert into ${table} (${list}) select ${list} from ${staging}
              on conflict (${key.map((column) => `"${column}"`).join(', ')}) do update set ${values.map((column) => `"${column}" = excluded."${column}"`).join(', ')}
              where (${changed}) is distinct from (${incoming})
              returning 1)
            select (select n from fresh) as inserted, (select count(*) from written) as written`),
        );
        await alongside?.(tx, staging);
        await refreshStatisticsAfter(tx, [table, ...derived], Number(written!.written));
        return { inserted: Number(written!.inserted), written: Number(written!.written) };
      });
      return { inserted: rows.inserted, updated: rows.written - rows.inserted, unchanged: lines.length - rows.written };
    } finally {
      await connection.execute(sql.raw(`drop table if exists ${staging}`));
    }
  });
}

/**
 * A temporary table shaped like `table`: it belongs to this connection's session, so PostgreSQL drops it when
 * the connection ends, also when the import is killed; PGlite's leftovers go at the next open (platform/database.ts).
 */
export async function createStagingTable(connection: Database, table: string, columns: string[]): Promise<string> {
  const staging = `import_staging_${table}_${randomUUID().replaceAll('-', '')}`;
  const list = columns.map((column) => `"${column}"`).join(', ');
  await connection.execute(sql.raw(`create temporary table ${staging} as select ${list} from ${table} with no data`));
  return staging;
}

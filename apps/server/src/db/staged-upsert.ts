import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../platform/database.ts';
import { copyRows } from './bulk-copy.ts';

export type UpsertReport = { inserted: number; updated: number; unchanged: number };

/**
 * Idempotent bulk load: COPY into a throw-away staging table, then one INSERT … ON CONFLICT DO UPDATE that
 * only touches rows whose values differ. One statement writes everything or nothing, and loading the same
 * file twice changes nothing the second time.
 */
export async function stagedUpsert(
  db: Database,
  { table, key, values, lines }: { table: string; key: string[]; values: string[]; lines: string[] },
): Promise<UpsertReport> {
  if (lines.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  const staging = `import_${table}_${randomUUID().replaceAll('-', '')}`;
  const columns = [...key, ...values];
  const list = columns.map((column) => `"${column}"`).join(', ');
  await db.execute(sql.raw(`create unlogged table ${staging} as select ${list} from ${table} with no data`));
  try {
    await copyRows(db, staging, columns, lines);
    const changed = values.map((column) => `${table}."${column}"`).join(', ');
    const incoming = values.map((column) => `excluded."${column}"`).join(', ');
    const result = await db.execute(
      sql.raw(`insert into ${table} (${list}) select ${list} from ${staging}
        on conflict (${key.map((column) => `"${column}"`).join(', ')}) do update set ${values.map((column) => `"${column}" = excluded."${column}"`).join(', ')}
        where (${changed}) is distinct from (${incoming})
        returning (xmax = 0) as inserted`),
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: { inserted: boolean }[] }).rows) as { inserted: boolean }[];
    const inserted = rows.filter((row) => row.inserted).length;
    if (rows.length > 10_000) await db.execute(sql.raw(`analyze ${table}`));
    return { inserted, updated: rows.length - inserted, unchanged: lines.length - rows.length };
  } finally {
    await db.execute(sql.raw(`drop table if exists ${staging}`));
  }
}

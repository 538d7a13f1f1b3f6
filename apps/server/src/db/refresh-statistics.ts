import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Executor } from '../platform/database.ts';
import { enqueue } from '../platform/jobs/enqueue.ts';
import { defineJob, type JobHandler } from '../platform/jobs/job-type.ts';

const tables = z.object({ tables: z.array(z.string().regex(/^[a-z_][a-z0-9_]*$/)).min(1) });

/** ANALYZE of tables a bulk write changed much, run by a job runner right after the write commits. */
export const refreshStatisticsJob = defineJob({ kind: 'db.refresh-statistics', payload: tables, maxAttempts: 3 });

export const refreshStatistics: JobHandler<typeof tables> = async (payload, { db }) => {
  await db.execute(sql.raw(`analyze ${payload.tables.map((table) => `"${table}"`).join(', ')}`));
};

/**
 * After `written` rows went into the first of `tables` (in `tx`, the write's transaction), asks for their statistics
 * when autovacuum would (more than 50 rows and a tenth of the rows the table holds) but at once, by a job: PGlite has
 * no autovacuum, PostgreSQL's comes within a minute, and a join planned on an unanalysed rollup in between took
 * minutes. The write answers without waiting for the analyse (a tenth to a fifth of a large import's time).
 */
export async function refreshStatisticsAfter(tx: Executor, tables: string[], written: number): Promise<void> {
  // reltuples is -1 until a table is first analysed.
  const [stats] = await queryRows<{ reltuples: number | string }>(
    tx,
    sql`select reltuples from pg_class where oid = ${tables[0]}::regclass`,
  );
  const held = Math.max(Number(stats?.reltuples ?? -1), 0);
  if (written > 50 + held / 10) await enqueue(tx, refreshStatisticsJob, { tables });
}

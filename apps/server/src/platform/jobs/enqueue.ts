import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { job } from '../../db/schema/jobs.ts';
import type { Database, Transaction } from '../database.ts';
import { assertMaxAttempts, type JobType } from './job-type.ts';

/** Runners LISTEN here; an enqueue NOTIFYs it, which PostgreSQL and PGlite deliver only if the transaction commits. */
export const JOB_WAKE_CHANNEL = 'portal_jobs';

export type EnqueueOptions = {
  /**
   * Not before this instant; now by default, by this process's clock: the database's now() counts microseconds and a
   * runner compares in milliseconds, so a job stamped by the database could look not yet due for the rest of its
   * millisecond to a runner asking right after the enqueue.
   */
  runAt?: Date;
  /**
   * At most one job of this kind with this key exists (enforced by a unique index): name the thing and its
   * period, e.g. `price-alert:${customerId}:${day}`. The key stays taken while the job's row is kept, 30 days
   * after it finished (see purge-finished-jobs.ts).
   */
  dedupeKey?: string;
  /** Overrides the job type's number of attempts for this one job. */
  maxAttempts?: number;
};

/**
 * Puts a job in the queue as part of `executor`'s work: pass the transaction of the change that causes the
 * job (rule 3), so a rolled-back change leaves no job behind. Resolves to the new job's id, or null when a
 * job of this kind with the same dedupe key already exists. The payload is checked against the job type's
 * schema here, so a wrong payload fails its caller rather than a worker later.
 */
export async function enqueue<S extends z.ZodType>(
  executor: Database | Transaction,
  type: JobType<S>,
  payload: z.input<S>,
  options: EnqueueOptions = {},
): Promise<{ id: number } | null> {
  const checked = type.payload.parse(payload);
  const maxAttempts = options.maxAttempts ?? type.maxAttempts;
  assertMaxAttempts(maxAttempts);
  const runAt = options.runAt ?? new Date();
  const [created] = await executor
    .insert(job)
    .values({ kind: type.kind, payload: checked, runAt, maxAttempts, dedupeKey: options.dedupeKey })
    // The conflict target names the partial unique index (kind, dedupe_key) where dedupe_key is not null.
    .onConflictDoNothing({ target: [job.kind, job.dedupeKey], where: sql`dedupe_key is not null` })
    .returning({ id: job.id });
  if (!created) return null;
  // A job due later is found by polling; one due now wakes the runners of every server copy at commit.
  if (runAt.getTime() <= Date.now()) {
    await executor.execute(sql`select pg_notify(${JOB_WAKE_CHANNEL}, ${type.kind})`);
  }
  return created;
}

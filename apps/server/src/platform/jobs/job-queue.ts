import { and, asc, eq, getTableColumns, inArray, lt, lte, sql } from 'drizzle-orm';
import { job } from '../../db/schema/jobs.ts';
import type { Database, Transaction } from '../database.ts';

/** A job as a worker holds it after claiming: status running, attempts already counting this run. */
export type ClaimedJob = typeof job.$inferSelect;

/** The row is still this worker's to finish: running under its lease. */
const heldBy = (id: number, workerId: string) => and(eq(job.id, id), eq(job.status, 'running'), eq(job.leaseOwner, workerId));

/**
 * Takes up to `limit` due jobs of the given kinds for `workerId`. Rows another worker is claiming at the same
 * moment are skipped rather than waited for (FOR UPDATE SKIP LOCKED), so each job goes to exactly one claimant.
 */
export async function claimDueJobs(
  db: Database,
  { kinds, limit, workerId, now, leaseMs }: { kinds: string[]; limit: number; workerId: string; now: Date; leaseMs: number },
): Promise<ClaimedJob[]> {
  if (kinds.length === 0 || limit <= 0) return [];
  const due = db.$with('due').as(
    db
      .select({ dueId: job.id })
      .from(job)
      .where(and(eq(job.status, 'queued'), lte(job.runAt, now), inArray(job.kind, kinds)))
      .orderBy(asc(job.runAt), asc(job.id))
      .limit(limit)
      .for('update', { skipLocked: true }),
  );
  return db
    .with(due)
    .update(job)
    .set({
      status: 'running',
      attempts: sql`${job.attempts} + 1`,
      leaseOwner: workerId,
      leaseExpiresAt: new Date(now.getTime() + leaseMs),
      startedAt: now,
    })
    .from(due)
    .where(eq(job.id, due.dueId))
    .returning(getTableColumns(job));
}

/** Extends the lease of a job this worker still holds; false when it no longer does. */
export async function renewLease(db: Database, id: number, workerId: string, until: Date): Promise<boolean> {
  const renewed = await db.update(job).set({ leaseExpiresAt: until }).where(heldBy(id, workerId)).returning({ id: job.id });
  return renewed.length > 0;
}

/** Marks a held job done; in the handler's own transaction when its writes must happen exactly once. */
export async function completeJob(executor: Database | Transaction, id: number, workerId: string, now: Date): Promise<boolean> {
  const completed = await executor
    .update(job)
    .set({ status: 'done', finishedAt: now, leaseOwner: null, leaseExpiresAt: null })
    .where(heldBy(id, workerId))
    .returning({ id: job.id });
  return completed.length > 0;
}

/** Records a failed attempt: queued again at `retryAt`, or dead when there is none. */
export async function failJob(
  db: Database,
  { id, workerId, now, error, retryAt }: { id: number; workerId: string; now: Date; error: string; retryAt: Date | null },
): Promise<boolean> {
  const failed = await db
    .update(job)
    .set(
      retryAt
        ? { status: 'queued', runAt: retryAt, leaseOwner: null, leaseExpiresAt: null, lastError: error }
        : { status: 'dead', finishedAt: now, leaseOwner: null, leaseExpiresAt: null, lastError: error },
    )
    .where(heldBy(id, workerId))
    .returning({ id: job.id });
  return failed.length > 0;
}

/** Hands a job this worker will not finish back to the queue, due at once; the interrupted run does not count. */
export async function releaseJob(db: Database, id: number, workerId: string): Promise<boolean> {
  const released = await db
    .update(job)
    .set({ status: 'queued', attempts: sql`${job.attempts} - 1`, leaseOwner: null, leaseExpiresAt: null })
    .where(heldBy(id, workerId))
    .returning({ id: job.id });
  return released.length > 0;
}

/**
 * Jobs whose worker stopped without finishing them (the process died, the machine went away): their lease
 * ran out. Each goes back to the queue, due at once, or is dead-lettered when that run was its last attempt,
 * so a job that kills its worker every time cannot take the service down for ever.
 */
export async function requeueExpiredLeases(db: Database, now: Date): Promise<Pick<ClaimedJob, 'id' | 'kind' | 'status' | 'attempts'>[]> {
  const expired = db.$with('expired').as(
    db
      .select({ expiredId: job.id })
      .from(job)
      .where(and(eq(job.status, 'running'), lt(job.leaseExpiresAt, now)))
      .for('update', { skipLocked: true }),
  );
  const lastAttempt = sql`${job.attempts} >= ${job.maxAttempts}`;
  return db
    .with(expired)
    .update(job)
    .set({
      status: sql`case when ${lastAttempt} then 'dead' else 'queued' end`,
      finishedAt: sql`case when ${lastAttempt} then ${now.toISOString()}::timestamptz end`,
      lastError: sql`'The lease of worker ' || ${job.leaseOwner} || ' expired before it finished attempt ' || ${job.attempts}`,
      leaseOwner: null,
      leaseExpiresAt: null,
    })
    .from(expired)
    .where(eq(job.id, expired.expiredId))
    .returning({ id: job.id, kind: job.kind, status: job.status, attempts: job.attempts });
}

/**
 * The queue as an operator watches it (the job metrics of platform/metrics.ts), whichever copy runs what: jobs due
 * and waiting for a worker, how long the oldest of them has waited in seconds (0 when none), and dead jobs kept.
 */
export async function queueState(db: Database, now: Date): Promise<{ due: number; oldestDueSeconds: number; dead: number }> {
  const [row] = await db
    .select({
      due: sql<number>`count(*) filter (where ${job.status} = 'queued' and ${job.runAt} <= ${now})::int`,
      oldestDueAt: sql<Date | string | null>`min(${job.runAt}) filter (where ${job.status} = 'queued' and ${job.runAt} <= ${now})`,
      dead: sql<number>`count(*) filter (where ${job.status} = 'dead')::int`,
    })
    .from(job)
    .where(inArray(job.status, ['queued', 'dead']));
  // The drivers differ: node-postgres parses a timestamp into a Date, PGlite may hand back its text.
  const oldest = row?.oldestDueAt ? new Date(row.oldestDueAt).getTime() : null;
  return { due: row?.due ?? 0, oldestDueSeconds: oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000), dead: row?.dead ?? 0 };
}

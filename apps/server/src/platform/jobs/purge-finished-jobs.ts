import { and, eq, inArray, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import { job } from '../../db/schema/jobs.ts';
import { defineSchedule } from './job-schedules.ts';
import { defineJob, type JobHandler } from './job-type.ts';

/** Finished jobs are kept this long (counted from the run's due time) for looking back, and their dedupe keys hold. */
export const DONE_JOBS_KEPT_DAYS = 30;
/** Dead jobs wait longer for a person to look at them (docs/operations.md). */
export const DEAD_JOBS_KEPT_DAYS = 90;
const BATCH = 5000;
const DAY_MS = 24 * 60 * 60_000;

const noPayload = z.object({});

export const purgeFinishedJobsJob = defineJob({ kind: 'jobs.purge-finished', payload: noPayload, maxAttempts: 3 });

export const purgeFinishedJobsNightly = defineSchedule({
  name: 'jobs.purge-finished',
  cron: '30 3 * * *',
  timezone: 'UTC',
  job: purgeFinishedJobsJob,
  payload: {},
});

/** Deletes in batches so that a large backlog never holds one long transaction over the queue. */
export const purgeFinishedJobs: JobHandler<typeof noPayload> = async (_payload, { db, runAt, signal, log }) => {
  const doneBefore = new Date(runAt.getTime() - DONE_JOBS_KEPT_DAYS * DAY_MS);
  const deadBefore = new Date(runAt.getTime() - DEAD_JOBS_KEPT_DAYS * DAY_MS);
  const expired = or(
    and(eq(job.status, 'done'), lt(job.finishedAt, doneBefore)),
    and(eq(job.status, 'dead'), lt(job.finishedAt, deadBefore)),
  );
  let deleted = 0;
  for (;;) {
    signal.throwIfAborted();
    const batch = db.select({ id: job.id }).from(job).where(expired).limit(BATCH);
    const removed = await db.delete(job).where(inArray(job.id, batch)).returning({ id: job.id });
    deleted += removed.length;
    if (removed.length < BATCH) break;
  }
  log.info({ deleted }, 'finished jobs purged');
};

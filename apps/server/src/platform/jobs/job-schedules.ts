import { Cron } from 'croner';
import { and, eq, inArray, lte, min, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { jobSchedule } from '../../db/schema/jobs.ts';
import type { Database } from '../database.ts';
import { enqueue } from './enqueue.ts';
import type { JobType } from './job-type.ts';

/** A job enqueued on a calendar, e.g. every day at 14:00 in Europe/Helsinki, or every 15 minutes. */
export type JobSchedule = {
  /** Unique among schedules; also the row in `job_schedule` that remembers when it is next due. */
  readonly name: string;
  readonly cron: string;
  readonly timezone: string;
  readonly job: JobType;
  readonly payload: unknown;
  /** The first occurrence strictly after `instant`. */
  nextAfter(instant: Date): Date;
  /** The latest occurrence at or before `instant`, if any. */
  latestUpTo(instant: Date): Date | null;
};

/**
 * Declares a recurring job. `cron` has the five standard fields (minute hour day-of-month month day-of-week), or six
 * with seconds first (the journeys look at alerts every five seconds rather than wait for a minute),
 * read on the wall clock of `timezone`, so '0 14 * * *' in Europe/Helsinki stays at 14:00 across daylight
 * saving time. Every server copy declares the same schedules; each period's job is enqueued once.
 */
export function defineSchedule<S extends z.ZodType>(schedule: {
  name: string;
  cron: string;
  timezone: string;
  job: JobType<S>;
  payload: z.input<S>;
}): JobSchedule {
  const pattern = new Cron(schedule.cron, { timezone: schedule.timezone, paused: true, mode: '5-or-6-parts' });
  // Reading one occurrence checks the time zone name, which croner only resolves on use.
  if (!pattern.nextRun()) throw new Error(`Schedule ${schedule.name}: "${schedule.cron}" never occurs`);
  const payload = schedule.job.payload.parse(schedule.payload);
  return {
    name: schedule.name,
    cron: schedule.cron,
    timezone: schedule.timezone,
    job: schedule.job,
    payload,
    nextAfter: (instant) => pattern.nextRun(instant) ?? neverAgain(schedule.name),
    latestUpTo: (instant) => pattern.previousRuns(1, new Date(instant.getTime() + 1))[0] ?? null,
  };
}

/**
 * Makes sure each schedule has its row. A new schedule, or one whose pattern or time zone changed in code,
 * is next due at its first occurrence after now; a known one keeps its due time, so an occurrence missed
 * while every copy was down is caught up at start.
 */
export async function declareSchedules(db: Database, schedules: JobSchedule[], now: Date): Promise<void> {
  if (schedules.length === 0) return;
  await db
    .insert(jobSchedule)
    .values(
      schedules.map((schedule) => ({
        name: schedule.name,
        cron: schedule.cron,
        timezone: schedule.timezone,
        nextRunAt: schedule.nextAfter(now),
        updatedAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: jobSchedule.name,
      set: {
        cron: sql`excluded.cron`,
        timezone: sql`excluded.timezone`,
        nextRunAt: sql`excluded.next_run_at`,
        updatedAt: sql`excluded.updated_at`,
      },
      setWhere: sql`${jobSchedule.cron} <> excluded.cron or ${jobSchedule.timezone} <> excluded.timezone`,
    });
}

export type ScheduleTick = {
  enqueued: { schedule: string; occurrence: Date; jobId: number | null }[];
  /** The earliest time any of the schedules is due again; no need to look before then. */
  nextDueAt: Date | null;
};

/**
 * Enqueues the job of every schedule that is due, in one transaction per call. The schedule's row is locked
 * with SKIP LOCKED, so when two copies tick at once one enqueues and the other skips; the job's dedupe key
 * (name@occurrence) keeps the period to one job even if a row were ever reset. Several missed occurrences
 * collapse into one job for the latest of them.
 */
export async function enqueueDueSchedules(db: Database, schedules: JobSchedule[], now: Date): Promise<ScheduleTick> {
  if (schedules.length === 0) return { enqueued: [], nextDueAt: null };
  const byName = new Map(schedules.map((schedule) => [schedule.name, schedule]));
  const names = [...byName.keys()];
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ name: jobSchedule.name })
      .from(jobSchedule)
      .where(and(inArray(jobSchedule.name, names), lte(jobSchedule.nextRunAt, now)))
      .for('update', { skipLocked: true });
    const enqueued: ScheduleTick['enqueued'] = [];
    for (const { name } of due) {
      const schedule = byName.get(name)!;
      const occurrence = schedule.latestUpTo(now) ?? now;
      const created = await enqueue(tx, schedule.job, schedule.payload, {
        runAt: occurrence,
        dedupeKey: `${schedule.name}@${occurrence.toISOString()}`,
      });
      await tx
        .update(jobSchedule)
        .set({ nextRunAt: schedule.nextAfter(now), lastRunAt: occurrence, updatedAt: now })
        .where(eq(jobSchedule.name, name));
      enqueued.push({ schedule: name, occurrence, jobId: created?.id ?? null });
    }
    const [next] = await tx
      .select({ at: min(jobSchedule.nextRunAt) })
      .from(jobSchedule)
      .where(inArray(jobSchedule.name, names));
    return { enqueued, nextDueAt: next?.at ?? null };
  });
}

/** Five-field patterns repeat every year, and one that never occurs is refused when defined. */
function neverAgain(name: string): never {
  throw new Error(`Schedule ${name} has no further occurrence`);
}

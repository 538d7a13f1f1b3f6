import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Database } from '../../platform/database.ts';
import { defineSchedule } from '../../platform/jobs/job-schedules.ts';
import { defineJob, type JobHandler } from '../../platform/jobs/job-type.ts';

/** Months after the current one (UTC) that have their partition before their first reading arrives. */
export const MONTHS_AHEAD = 3;

/**
 * Gives every month from `from` (or the oldest reading the default partition holds, if older) up to `MONTHS_AHEAD`
 * months after `now` its own partition of `reading` (migration 0029's ensure_reading_partitions,
 * docs/decisions/116): a month's rows waiting in the default partition (an import of old history, a month nobody made
 * ahead) move into it. Answers how many partitions were made.
 */
export async function ensureReadingPartitions(db: Database, { now, from = now }: { now: Date; from?: Date }): Promise<number> {
  const [made] = await queryRows<{ made: number }>(
    db,
    sql`select ensure_reading_partitions(
          (least((select min(starts_at) from reading_default), ${from}::timestamptz) at time zone 'UTC')::date,
          ((${now}::timestamptz at time zone 'UTC') + make_interval(months => ${MONTHS_AHEAD}))::date
        ) as made`,
  );
  return Number(made!.made);
}

const noPayload = z.object({});

/** Nightly: a month's partition is made three months before it starts, so once a day leaves room for missed nights. */
export const makeReadingPartitionsJob = defineJob({
  kind: 'readings.make-partitions',
  payload: noPayload,
  maxAttempts: 3,
  timeoutMs: 30 * 60_000,
});
export const makeReadingPartitionsNightly = defineSchedule({
  name: 'readings.make-partitions',
  cron: '15 3 * * *',
  timezone: 'UTC',
  job: makeReadingPartitionsJob,
  payload: {},
});

export const makeReadingPartitions: JobHandler<typeof noPayload> = async (_payload, { db, runAt, log }) => {
  const made = await ensureReadingPartitions(db, { now: runAt });
  if (made > 0) log.info({ made }, 'reading partitions made');
};

import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { enumText, oneOf } from './enum-column.ts';

/**
 * queued: waiting for its run-at time; running: a worker holds its lease; done: finished; dead: failed on
 * its last attempt (or could never run) and waits for a person (docs/operations.md).
 */
export const JOB_STATUSES = ['queued', 'running', 'done', 'dead'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The durable job queue (docs/decisions/015-job-runner.md): one row per job, claimed with FOR UPDATE SKIP LOCKED. */
export const job = pgTable(
  'job',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Which handler runs it, e.g. 'sms.send'. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: enumText('status', JOB_STATUSES).notNull().default('queued'),
    /** Not before this instant; moved forward by each retry's back-off. */
    runAt: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Claims so far, counted when a worker takes the job, so a job that kills its worker still runs out. */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** The worker running it and until when; past that instant another worker may take the job over. */
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    /** Unique per kind while the row exists: the database, not the caller, makes "once per day" hold. */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    oneOf('job_status_check', table.status, JOB_STATUSES),
    check('job_attempts_check', sql`${table.attempts} >= 0 and ${table.maxAttempts} between 1 and 100`),
    check(
      'job_lease_check',
      sql`(${table.status} = 'running') = (${table.leaseOwner} is not null and ${table.leaseExpiresAt} is not null)`,
    ),
    check('job_finished_check', sql`(${table.status} in ('done', 'dead')) = (${table.finishedAt} is not null)`),
    uniqueIndex('job_kind_dedupe_key_unique')
      .on(table.kind, table.dedupeKey)
      .where(sql`${table.dedupeKey} is not null`),
    // The claim reads only due queued jobs, the lease recovery only running ones, the purge only finished ones.
    index('job_due_idx')
      .on(table.runAt, table.id)
      .where(sql`${table.status} = 'queued'`),
    index('job_lease_idx')
      .on(table.leaseExpiresAt)
      .where(sql`${table.status} = 'running'`),
    index('job_finished_idx')
      .on(table.finishedAt)
      .where(sql`${table.status} in ('done', 'dead')`),
  ],
);

/**
 * The state of a recurring schedule declared in code: when it is next due. A runner locks the row
 * (FOR UPDATE SKIP LOCKED) to enqueue the period's job, so several server copies enqueue it once.
 */
export const jobSchedule = pgTable('job_schedule', {
  name: text('name').primaryKey(),
  /** Five-field cron pattern and IANA time zone it is read in, as last declared in code. */
  cron: text('cron').notNull(),
  timezone: text('timezone').notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** The occurrence whose job was enqueued last. */
  lastRunAt: timestamp('last_run_at', { withTimezone: true, mode: 'date' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { job, jobSchedule } from '../db/schema/jobs.ts';
import type { Database, DatabaseHandle } from '../platform/database.ts';
import { createJobRunner, type JobOutcome, type JobRunner, type JobRunnerOptions } from '../platform/jobs/job-runner.ts';
import { recordingLogger, type LogLine } from './recording-logger.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

export type JobTestContext = {
  db: Database;
  /** The same database through a second connection pool on PostgreSQL (a second server copy). */
  otherCopy: DatabaseHandle;
  /** The instant every runner made here reads; tests move it instead of waiting. */
  clock: { now: Date; advance(ms: number): void };
  log: LogLine[];
  /** A runner on the first copy (or `database`), stopped after the test. */
  runner(options?: Partial<JobRunnerOptions>): JobRunner;
};

/**
 * A fresh database for a test file, emptied of jobs and schedules before each test, with a clock that starts a
 * minute ahead of the database's (so jobs enqueued "now" are due) and runners that are stopped after each test.
 */
export function useJobTestDatabase(): JobTestContext {
  const context = { log: [] as LogLine[] } as JobTestContext;
  let database: TestDatabase;
  let runners: JobRunner[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
    context.db = database.handle.db;
    context.otherCopy = await database.openAnotherCopy();
  });
  beforeEach(async () => {
    await context.db.delete(job);
    await context.db.delete(jobSchedule);
    context.log.length = 0;
    const clock = {
      now: new Date(Date.now() + 60_000),
      advance(ms: number) {
        clock.now = new Date(clock.now.getTime() + ms);
      },
    };
    context.clock = clock;
    context.runner = (options = {}) => {
      const runner = createJobRunner({
        database: database.handle,
        log: recordingLogger({}, context.log),
        clock: () => clock.now,
        ...options,
      });
      runners.push(runner);
      return runner;
    };
  });
  afterEach(async () => {
    await Promise.all(runners.map((runner) => runner.stop()));
    runners = [];
  });
  afterAll(async () => {
    await context.otherCopy?.close();
    await database?.handle.close();
    await database?.drop();
  });
  return context;
}

/** A promise with its resolve function outside, to hold a handler until the test lets it go. */
export function gate<T = void>(): { promise: Promise<T>; open: (value: T) => void } {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/**
 * Runs what is due on an app's runner and answers the outcomes of the jobs of `kind` only. An app's runner enqueues its
 * schedules too when they fall due (the outage operator clock every minute, the outage sync every five): a test that
 * crosses such a minute would otherwise find their jobs beside its own (decision 103, fifteenth session).
 */
export async function runDueOf(runner: Pick<JobRunner, 'runDue'>, kind: string): Promise<JobOutcome[]> {
  return (await runner.runDue()).filter((outcome) => outcome.kind === kind);
}

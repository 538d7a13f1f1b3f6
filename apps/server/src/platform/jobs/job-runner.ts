import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { DatabaseHandle } from '../database.ts';
import { JOB_WAKE_CHANNEL } from './enqueue.ts';
import { JobLeaseLostError, JobShutdownError, JobTimeoutError, PermanentJobError } from './job-errors.ts';
import { claimDueJobs, completeJob, failJob, releaseJob, renewLease, requeueExpiredLeases, type ClaimedJob } from './job-queue.ts';
import { declareSchedules, enqueueDueSchedules, type JobSchedule } from './job-schedules.ts';
import type { JobContext, JobHandler, JobType } from './job-type.ts';
import { retryDelayMs } from './retry-delay.ts';
import { SpanStatusCode } from '@opentelemetry/api';
import { inSpan } from '../tracing.ts';

export type JobRunnerOptions = {
  database: Pick<DatabaseHandle, 'db' | 'listen'>;
  log: FastifyBaseLogger;
  /** How often to look for due jobs when no notification arrives (jobs due later, other copies' retries). */
  pollIntervalMs?: number;
  /** How long a claimed job stays this worker's without a heartbeat; renewed every third of it while running. */
  leaseMs?: number;
  /** Jobs run at once by this copy. */
  concurrency?: number;
  /** On stop, how long running jobs may take to finish before they are handed back to the queue. */
  shutdownGraceMs?: number;
  workerId?: string;
  /** The time the runner reads for due jobs, leases and back-off; tests move it instead of sleeping. */
  clock?: () => Date;
  /** Told each run's outcome and how long it ran, in seconds (the job metrics of platform/metrics.ts). */
  onFinished?: (outcome: JobOutcome, seconds: number) => void;
};

export type JobOutcome = {
  id: number;
  kind: string;
  attempt: number;
  /** retry: failed, queued again; dead: failed for good; released: handed back at shutdown; lost: another worker has it. */
  outcome: 'done' | 'retry' | 'dead' | 'released' | 'lost';
};

export type JobRunner = {
  readonly workerId: string;
  /** Registers the handler of a job type; this runner claims only kinds it has handlers for. */
  handle<S extends z.ZodType>(type: JobType<S>, handler: JobHandler<S>): void;
  schedule(schedule: JobSchedule): void;
  /** Starts polling and listening; resolves after the first look for work. */
  start(): Promise<void>;
  /** Stops claiming, lets running jobs finish within the grace period, then hands the rest back to the queue. */
  stop(): Promise<void>;
  /** Runs everything due now (by the clock) to the end, then resolves with what happened: for tests and commands. */
  runDue(): Promise<JobOutcome[]>;
  /** 'stuck' when a started runner has not completed a look for work in a long while (readiness reports it). */
  health(): 'ok' | 'stuck' | 'off';
};

type Registration = { type: JobType; handler: JobHandler };
type ActiveJob = { settled: Promise<JobOutcome>; abort: (reason: Error) => void };

const RELISTEN_AFTER_MS = 30_000;
const LAST_ERROR_LENGTH = 4000;

/** The durable job runner (docs/decisions/015-job-runner.md): one per server copy, any number per database. */
export function createJobRunner({
  database,
  log,
  pollIntervalMs = 2000,
  leaseMs = 60_000,
  concurrency = 4,
  shutdownGraceMs = 5000,
  workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`,
  clock = () => new Date(),
  onFinished,
}: JobRunnerOptions): JobRunner {
  const { db } = database;
  const registrations = new Map<string, Registration>();
  const schedules = new Map<string, JobSchedule>();
  const declared = new Set<string>();
  const active = new Map<number, ActiveJob>();
  let nextScheduleCheck: Date | null = null;
  let started = false;
  let stopping = false;
  let loopEnded: Promise<void> = Promise.resolve();
  let lastPassAt: Date | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let listenAgainAt = 0;
  let woken = false;
  let wakeSleeper: (() => void) | null = null;
  let passInProgress: Promise<ActiveJob[]> = Promise.resolve([]);

  const wake = () => {
    woken = true;
    wakeSleeper?.();
  };

  /** Waits for the poll interval, a notification, or a finished job, whichever comes first. */
  async function idle(): Promise<void> {
    if (woken) {
      woken = false;
      return;
    }
    const interrupt = new AbortController();
    wakeSleeper = () => interrupt.abort();
    await sleep(pollIntervalMs, undefined, { signal: interrupt.signal }).catch(() => {});
    wakeSleeper = null;
    woken = false;
  }

  async function listenForWork(): Promise<void> {
    if (unlisten || stopping || Date.now() < listenAgainAt) return;
    try {
      unlisten = await database.listen(JOB_WAKE_CHANNEL, wake, (error) => {
        log.warn({ err: error }, 'job notifications lost; polling until they are back');
        unlisten = null;
        listenAgainAt = Date.now() + RELISTEN_AFTER_MS;
      });
    } catch (error) {
      log.warn({ err: error }, 'cannot listen for job notifications; polling until it can');
      listenAgainAt = Date.now() + RELISTEN_AFTER_MS;
    }
  }

  /** One look for work: recover abandoned jobs, enqueue due schedules, claim what fits and start it. */
  async function lookForWork(): Promise<ActiveJob[]> {
    const now = clock();
    for (const recovered of await requeueExpiredLeases(db, now)) {
      const message = 'job abandoned by a stopped worker';
      if (recovered.status === 'dead')
        log.error({ jobId: recovered.id, kind: recovered.kind }, `${message}, dead-lettered after its last attempt`);
      else log.warn({ jobId: recovered.id, kind: recovered.kind }, `${message}, queued again`);
    }
    await tickSchedules(now);
    const free = stopping ? 0 : concurrency - active.size;
    const claimed = await claimDueJobs(db, { kinds: [...registrations.keys()], limit: free, workerId, now, leaseMs });
    lastPassAt = clock();
    return claimed.map(dispatch);
  }

  async function tickSchedules(now: Date): Promise<void> {
    const undeclared = [...schedules.values()].filter((schedule) => !declared.has(schedule.name));
    if (undeclared.length > 0) {
      await declareSchedules(db, undeclared, now);
      for (const schedule of undeclared) declared.add(schedule.name);
      nextScheduleCheck = null;
    }
    if (nextScheduleCheck && now < nextScheduleCheck) return;
    const tick = await enqueueDueSchedules(db, [...schedules.values()], now);
    for (const { schedule, occurrence, jobId } of tick.enqueued) log.info({ schedule, occurrence, jobId }, 'scheduled job enqueued');
    nextScheduleCheck = tick.nextDueAt;
  }

  /** Looks for work one call at a time, so the loop and runDue never claim past the concurrency limit together. */
  function serially(): Promise<ActiveJob[]> {
    const next = passInProgress.catch(() => []).then(lookForWork);
    passInProgress = next;
    return next;
  }

  /** Starts a claimed job; it settles on its own (run never rejects) and leaves `active` when it does. */
  function dispatch(row: ClaimedJob): ActiveJob {
    const controller = new AbortController();
    const startedAt = performance.now();
    // Each job is a trace of its own: no request waits for it (platform/tracing.ts).
    const traced = inSpan(
      `job ${row.kind}`,
      { root: true, attributes: { 'portal.job.kind': row.kind, 'portal.job.attempt': row.attempts } },
      async (span) => {
        const outcome = await run(row, controller);
        span.setAttribute('portal.job.outcome', outcome.outcome);
        if (outcome.outcome !== 'done') span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.outcome });
        return outcome;
      },
    );
    const settled = traced.finally(() => {
      active.delete(row.id);
      wake();
    });
    void settled.then((outcome) => onFinished?.(outcome, (performance.now() - startedAt) / 1000));
    const started: ActiveJob = { settled, abort: (reason) => controller.abort(reason) };
    active.set(row.id, started);
    return started;
  }

  async function run(row: ClaimedJob, controller: AbortController): Promise<JobOutcome> {
    const { type, handler } = registrations.get(row.kind)!;
    const { signal } = controller;
    const jobLog = log.child({ jobId: row.id, kind: row.kind, attempt: row.attempts });
    const outcome = (result: JobOutcome['outcome']): JobOutcome => ({ id: row.id, kind: row.kind, attempt: row.attempts, outcome: result });
    const abort = (reason: Error) => controller.abort(reason);
    const heartbeat = setInterval(() => {
      renewLease(db, row.id, workerId, new Date(clock().getTime() + leaseMs))
        .then((held) => held || abort(new JobLeaseLostError()))
        .catch((error: unknown) => jobLog.warn({ err: error }, 'job lease not renewed'));
    }, leaseMs / 3);
    heartbeat.unref();
    const timeout = setTimeout(() => abort(new JobTimeoutError(type.timeoutMs)), type.timeoutMs);
    timeout.unref();
    let doneInTransaction = false;
    const context: JobContext = {
      db,
      log: jobLog,
      jobId: row.id,
      attempt: row.attempts,
      maxAttempts: row.maxAttempts,
      runAt: row.runAt,
      signal,
      transaction: async (work) => {
        const result = await db.transaction(async (tx) => {
          if (!(await completeJob(tx, row.id, workerId, clock()))) throw new JobLeaseLostError();
          return work(tx);
        });
        doneInTransaction = true;
        clearInterval(heartbeat);
        return result;
      },
    };
    const started = performance.now();
    try {
      const payload = type.payload.safeParse(row.payload);
      if (!payload.success) throw new PermanentJobError(`The payload does not fit ${row.kind}: ${z.prettifyError(payload.error)}`);
      await untilAborted(handler(payload.data, context), signal);
      if (!doneInTransaction && !(await completeJob(db, row.id, workerId, clock()))) {
        jobLog.warn('job finished after another worker had taken it over');
        return outcome('lost');
      }
      jobLog.info({ durationMs: Math.round(performance.now() - started) }, 'job done');
      return outcome('done');
    } catch (error) {
      return await settleFailure({ row, type, error, signal, doneInTransaction, jobLog, outcome });
    } finally {
      clearInterval(heartbeat);
      clearTimeout(timeout);
    }
  }

  /** Decides what a run that threw means: released at shutdown, lost to another worker, retried, or dead. */
  async function settleFailure({
    row,
    type,
    error,
    signal,
    doneInTransaction,
    jobLog,
    outcome,
  }: {
    row: ClaimedJob;
    type: JobType;
    error: unknown;
    signal: AbortSignal;
    doneInTransaction: boolean;
    jobLog: FastifyBaseLogger;
    outcome: (result: JobOutcome['outcome']) => JobOutcome;
  }): Promise<JobOutcome> {
    try {
      if (doneInTransaction) {
        jobLog.error({ err: error }, 'job handler failed after its transaction committed; the job stays done');
        return outcome('done');
      }
      if (signal.reason instanceof JobShutdownError) {
        await releaseJob(db, row.id, workerId);
        jobLog.warn('job handed back to the queue at shutdown');
        return outcome('released');
      }
      if (error instanceof JobLeaseLostError || signal.reason instanceof JobLeaseLostError) {
        jobLog.warn('job taken over by another worker after this one lost its lease');
        return outcome('lost');
      }
      const lastAttempt = error instanceof PermanentJobError || row.attempts >= row.maxAttempts;
      const now = clock();
      const retryAt = lastAttempt ? null : new Date(now.getTime() + retryDelayMs(row.attempts, type.retry));
      const recorded = await failJob(db, { id: row.id, workerId, now, error: errorText(error), retryAt });
      if (!recorded) {
        jobLog.warn({ err: error }, 'job failed after another worker had taken it over');
        return outcome('lost');
      }
      if (retryAt) {
        jobLog.warn({ err: error, retryAt }, 'job failed; it will be retried');
        return outcome('retry');
      }
      jobLog.error({ err: error, maxAttempts: row.maxAttempts }, 'job failed for good and was dead-lettered');
      return outcome('dead');
    } catch (recordError) {
      // The database is unreachable: the lease runs out and another look for work queues the job again.
      jobLog.error({ err: recordError, jobError: error }, 'job outcome could not be recorded');
      return outcome('lost');
    }
  }

  async function lookForWorkLogged(): Promise<void> {
    try {
      await serially();
    } catch (error) {
      log.error({ err: error }, 'looking for jobs failed; trying again after the poll interval');
    }
  }

  async function loop(): Promise<void> {
    for (;;) {
      await idle();
      if (stopping) return;
      await listenForWork();
      await lookForWorkLogged();
    }
  }

  return {
    workerId,
    handle(type, handler) {
      if (registrations.has(type.kind)) throw new Error(`Job kind ${type.kind} already has a handler`);
      registrations.set(type.kind, { type, handler });
      wake();
    },
    schedule(schedule) {
      if (schedules.has(schedule.name)) throw new Error(`Schedule ${schedule.name} is already declared`);
      schedules.set(schedule.name, schedule);
      wake();
    },
    async start() {
      if (started) return;
      started = true;
      log.info({ workerId, kinds: [...registrations.keys()], schedules: [...schedules.keys()] }, 'job runner started');
      await listenForWork();
      woken = false;
      await lookForWorkLogged();
      loopEnded = loop();
    },
    async stop() {
      if (stopping) return loopEnded;
      stopping = true;
      wake();
      const loopFinished = loopEnded;
      loopEnded = (async () => {
        await loopFinished;
        await passInProgress.catch(() => []);
        await unlisten?.().catch(() => {});
        await finishOrRelease();
        if (started) log.info({ workerId }, 'job runner stopped');
      })();
      return loopEnded;
    },
    async runDue() {
      const outcomes: JobOutcome[] = [];
      for (;;) {
        const running = await serially();
        if (running.length === 0) return outcomes;
        outcomes.push(...(await Promise.all(running.map(({ settled }) => settled))));
      }
    },
    health() {
      if (!started || stopping) return 'off';
      const quietFor = clock().getTime() - (lastPassAt?.getTime() ?? 0);
      return quietFor > Math.max(60_000, pollIntervalMs * 10) ? 'stuck' : 'ok';
    },
  };

  async function finishOrRelease(): Promise<void> {
    if (active.size === 0) return;
    log.info({ running: active.size }, 'waiting for running jobs before stopping');
    const grace = new AbortController();
    const allSettled = () => Promise.all([...active.values()].map(({ settled }) => settled));
    const finished = await Promise.race([
      allSettled().then(() => true),
      sleep(shutdownGraceMs, false, { signal: grace.signal }).catch(() => false),
    ]);
    grace.abort();
    if (finished) return;
    for (const { abort } of active.values()) abort(new JobShutdownError());
    await allSettled();
  }
}

/** Settles with the handler, or rejects with the signal's reason as soon as it aborts (a handler may ignore it). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    void work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  return text.slice(0, LAST_ERROR_LENGTH);
}

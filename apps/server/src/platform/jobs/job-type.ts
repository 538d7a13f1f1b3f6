import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, Transaction } from '../database.ts';
import { DEFAULT_RETRY, type RetryPolicy } from './retry-delay.ts';

/**
 * A kind of job: its name in the queue and the shape of its payload. Defined once next to the feature
 * (`export const sendSmsJob = defineJob({ kind: 'sms.send', payload: z.object(…) })`), imported by the code that
 * enqueues it and by the code that registers its handler, so both sides agree on the payload's type.
 */
export type JobType<S extends z.ZodType = z.ZodType> = {
  readonly kind: string;
  readonly payload: S;
  /** Claims before the job is dead-lettered; an enqueue may ask for another number. */
  readonly maxAttempts: number;
  readonly retry: RetryPolicy;
  /** After this long the handler's signal aborts and the attempt counts as failed. */
  readonly timeoutMs: number;
};

export type JobContext = {
  /** The database, for reads and for writes that need not be exactly once (see `transaction`). */
  db: Database;
  /** The runner's logger with the job's id, kind and attempt bound. */
  log: FastifyBaseLogger;
  jobId: number;
  /** 1 on the first run; a retry, or a run after a worker died holding the job, counts up. */
  attempt: number;
  maxAttempts: number;
  /** When the job was due: for a scheduled job, the occurrence it runs for. */
  runAt: Date;
  /** Aborts when the job times out, when this server copy shuts down, or when another worker took the job over. */
  signal: AbortSignal;
  /**
   * Runs `work` in a transaction that also marks this job done, so its writes happen exactly once: if this
   * worker no longer holds the job, nothing is written and the handler stops. Call it at most once, as the
   * handler's last database step, and use only `tx` inside it.
   */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
};

/** Runs one job. Resolving marks it done; throwing retries it with back-off (or dead-letters on the last attempt). */
export type JobHandler<S extends z.ZodType = z.ZodType> = (payload: z.output<S>, context: JobContext) => Promise<void>;

/** Kinds read as `area.action` in lower case, e.g. `alerts.spot-price-above`, so logs group by area. */
const KIND_PATTERN = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;

export function defineJob<S extends z.ZodType>(definition: {
  kind: string;
  payload: S;
  maxAttempts?: number;
  retry?: Partial<RetryPolicy>;
  timeoutMs?: number;
}): JobType<S> {
  if (!KIND_PATTERN.test(definition.kind)) throw new Error(`Job kind "${definition.kind}" must read area.action in lower case`);
  const maxAttempts = definition.maxAttempts ?? 8;
  assertMaxAttempts(maxAttempts);
  return {
    kind: definition.kind,
    payload: definition.payload,
    maxAttempts,
    retry: { ...DEFAULT_RETRY, ...definition.retry },
    timeoutMs: definition.timeoutMs ?? 5 * 60_000,
  };
}

/** The bounds the job table's CHECK constraint holds, raised as a programming error before any SQL runs. */
export function assertMaxAttempts(maxAttempts: number): void {
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1 || maxAttempts > 100) {
    throw new RangeError(`maxAttempts must be a whole number from 1 to 100, not ${maxAttempts}`);
  }
}

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { job } from '../../db/schema/jobs.ts';
import { gate, useJobTestDatabase } from '../../test-support/job-runners.ts';
import { enqueue } from './enqueue.ts';
import { JobLeaseLostError, JobShutdownError, JobTimeoutError, PermanentJobError } from './job-errors.ts';
import { claimDueJobs } from './job-queue.ts';
import { createJobRunner } from './job-runner.ts';
import { defineJob } from './job-type.ts';
import { recordingLogger } from '../../test-support/recording-logger.ts';

const countJob = defineJob({ kind: 'test.count', payload: z.object({ n: z.number().int() }) });
const flakyJob = defineJob({
  kind: 'test.flaky',
  payload: z.object({ n: z.number().int() }),
  maxAttempts: 3,
  retry: { firstDelayMs: 1000, maxDelayMs: 10_000 },
});
const followUpJob = defineJob({ kind: 'test.follow-up', payload: z.object({ of: z.number().int() }) });

describe('job runner', () => {
  const ctx = useJobTestDatabase();
  const jobRow = async (id: number) => (await ctx.db.select().from(job).where(eq(job.id, id)))[0]!;

  it('runs a due job once, marks it done and logs the outcome', async () => {
    const created = await enqueue(ctx.db, countJob, { n: 7 });
    const runner = ctx.runner();
    const runs: { n: number; attempt: number; jobId: number }[] = [];
    runner.handle(countJob, async ({ n }, { attempt, jobId }) => void runs.push({ n, attempt, jobId }));

    expect(await runner.runDue()).toEqual([{ id: created!.id, kind: 'test.count', attempt: 1, outcome: 'done' }]);
    expect(await runner.runDue()).toEqual([]);
    expect(runs).toEqual([{ n: 7, attempt: 1, jobId: created!.id }]);
    expect(await jobRow(created!.id)).toMatchObject({ status: 'done', attempts: 1, leaseOwner: null, finishedAt: ctx.clock.now });
    expect(ctx.log).toContainEqual(expect.objectContaining({ level: 'info', msg: 'job done', jobId: created!.id, kind: 'test.count' }));
  });

  it('leaves a job due later, and jobs of kinds it has no handler for, in the queue', async () => {
    const later = await enqueue(ctx.db, countJob, { n: 1 }, { runAt: new Date(ctx.clock.now.getTime() + 60_000) });
    const unknown = await enqueue(ctx.db, followUpJob, { of: 1 });
    const runner = ctx.runner();
    runner.handle(countJob, async () => {});
    expect(await runner.runDue()).toEqual([]);
    ctx.clock.advance(60_000);
    expect(await runner.runDue()).toMatchObject([{ id: later!.id, outcome: 'done' }]);
    expect(await jobRow(unknown!.id)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('runs each of many jobs exactly once with two runners on two server copies of the database', async () => {
    const ids = await ctx.db.transaction(async (tx) => {
      const created: number[] = [];
      for (let n = 0; n < 40; n++) created.push((await enqueue(tx, countJob, { n }))!.id);
      return created;
    });
    const runs: number[] = [];
    const copies = [ctx.runner({ concurrency: 3 }), ctx.runner({ database: ctx.otherCopy, concurrency: 3 })];
    for (const runner of copies) {
      runner.handle(countJob, async (_payload, { jobId }) => {
        runs.push(jobId);
        await new Promise((resolve) => setImmediate(resolve));
      });
    }
    const outcomes = (await Promise.all(copies.map((runner) => runner.runDue()))).flat();

    expect(runs.toSorted((a, b) => a - b)).toEqual(ids);
    expect(outcomes.map(({ id }) => id).toSorted((a, b) => a - b)).toEqual(ids);
    expect(new Set((await ctx.db.select({ status: job.status }).from(job)).map(({ status }) => status))).toEqual(new Set(['done']));
  });

  it('wakes started runners on both copies by notification when jobs are enqueued, and runs each once', async () => {
    // A poll interval longer than the test's time limit: only the NOTIFY of each enqueue can wake them.
    const options = { pollIntervalMs: 10 * 60_000, clock: () => new Date() };
    const copies = [ctx.runner(options), ctx.runner({ ...options, database: ctx.otherCopy })];
    const runs: number[] = [];
    const allRan = gate();
    for (const runner of copies) {
      runner.handle(countJob, async ({ n }) => {
        runs.push(n);
        if (runs.length === 20) allRan.open();
      });
    }
    await Promise.all(copies.map((runner) => runner.start()));
    for (let n = 0; n < 20; n++) await enqueue(n % 2 ? ctx.db : ctx.otherCopy.db, countJob, { n });
    await allRan.promise;
    await Promise.all(copies.map((runner) => runner.stop()));

    expect(runs.toSorted((a, b) => a - b)).toEqual([...Array(20).keys()]);
  });

  it('retries a failing handler with exponential back-off, then dead-letters it on its last attempt', async () => {
    const created = await enqueue(ctx.db, flakyJob, { n: 1 });
    const runner = ctx.runner();
    let calls = 0;
    runner.handle(flakyJob, async () => {
      calls++;
      throw new Error('the SMS provider answered 503');
    });

    expect(await runner.runDue()).toMatchObject([{ outcome: 'retry', attempt: 1 }]);
    let row = await jobRow(created!.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, leaseOwner: null });
    expect(row.lastError).toContain('the SMS provider answered 503');
    expect(row.runAt.getTime() - ctx.clock.now.getTime()).toBeGreaterThanOrEqual(1000);
    expect(row.runAt.getTime() - ctx.clock.now.getTime()).toBeLessThanOrEqual(1200);
    expect(await runner.runDue()).toEqual([]);

    ctx.clock.advance(1200);
    expect(await runner.runDue()).toMatchObject([{ outcome: 'retry', attempt: 2 }]);
    row = await jobRow(created!.id);
    expect(row.runAt.getTime() - ctx.clock.now.getTime()).toBeGreaterThanOrEqual(2000);
    expect(row.runAt.getTime() - ctx.clock.now.getTime()).toBeLessThanOrEqual(2400);

    ctx.clock.advance(2400);
    expect(await runner.runDue()).toMatchObject([{ outcome: 'dead', attempt: 3 }]);
    expect(await jobRow(created!.id)).toMatchObject({ status: 'dead', attempts: 3, finishedAt: ctx.clock.now });
    ctx.clock.advance(60 * 60_000);
    expect(await runner.runDue()).toEqual([]);
    expect(calls).toBe(3);
    expect(ctx.log).toContainEqual(
      expect.objectContaining({ level: 'error', msg: 'job failed for good and was dead-lettered', jobId: created!.id }),
    );
  });

  it('dead-letters at once on a PermanentJobError or a stored payload that no longer fits', async () => {
    const permanent = await enqueue(ctx.db, countJob, { n: 1 });
    const [stale] = await ctx.db
      .insert(job)
      .values({ kind: countJob.kind, payload: { n: 'one' }, maxAttempts: 8 })
      .returning({ id: job.id });
    const runner = ctx.runner();
    runner.handle(countJob, async () => {
      throw new PermanentJobError('the customer has left');
    });

    const outcomes = await runner.runDue();
    expect(outcomes.toSorted((a, b) => a.id - b.id)).toMatchObject([
      { id: permanent!.id, outcome: 'dead', attempt: 1 },
      { id: stale!.id, outcome: 'dead', attempt: 1 },
    ]);
    expect((await jobRow(permanent!.id)).lastError).toContain('the customer has left');
    expect((await jobRow(stale!.id)).lastError).toContain('The payload does not fit test.count');
  });

  it('picks up a job again when the worker that claimed it died before finishing (its lease ran out)', async () => {
    const created = await enqueue(ctx.db, countJob, { n: 1 });
    const lastChance = await enqueue(ctx.db, countJob, { n: 2 }, { maxAttempts: 1 });
    // A worker claims both through the real claim and then dies: no heartbeat, no outcome.
    const claimed = await claimDueJobs(ctx.db, {
      kinds: [countJob.kind],
      limit: 10,
      workerId: 'crashed-copy',
      now: ctx.clock.now,
      leaseMs: 60_000,
    });
    expect(claimed).toHaveLength(2);

    const runner = ctx.runner();
    const runs: { n: number; attempt: number }[] = [];
    runner.handle(countJob, async ({ n }, { attempt }) => void runs.push({ n, attempt }));
    expect(await runner.runDue()).toEqual([]);

    ctx.clock.advance(60_001);
    expect(await runner.runDue()).toMatchObject([{ id: created!.id, outcome: 'done', attempt: 2 }]);
    expect(runs).toEqual([{ n: 1, attempt: 2 }]);
    expect(await jobRow(lastChance!.id)).toMatchObject({ status: 'dead', attempts: 1, leaseOwner: null });
    expect((await jobRow(lastChance!.id)).lastError).toContain('crashed-copy');
    expect(ctx.log).toContainEqual(
      expect.objectContaining({ level: 'warn', msg: 'job abandoned by a stopped worker, queued again', jobId: created!.id }),
    );
  });

  it('writes a handler’s transaction and the job’s completion together, and nothing once another worker holds the job', async () => {
    const kept = await enqueue(ctx.db, countJob, { n: 1 });
    const taken = await enqueue(ctx.db, countJob, { n: 2 });
    const runner = ctx.runner();
    const lost: unknown[] = [];
    runner.handle(countJob, async ({ n }, context) => {
      if (n === 2) {
        // Meanwhile its lease ran out and another copy took the job over.
        await ctx.db.update(job).set({ leaseOwner: 'other-copy' }).where(eq(job.id, context.jobId));
      }
      try {
        await context.transaction((tx) => enqueue(tx, followUpJob, { of: n }));
      } catch (error) {
        lost.push(error);
        throw error;
      }
    });

    const outcomes = await runner.runDue();
    expect(outcomes.toSorted((a, b) => a.id - b.id)).toMatchObject([
      { id: kept!.id, outcome: 'done' },
      { id: taken!.id, outcome: 'lost' },
    ]);
    expect(lost).toEqual([expect.any(JobLeaseLostError)]);
    expect(await ctx.db.select({ payload: job.payload }).from(job).where(eq(job.kind, followUpJob.kind))).toEqual([{ payload: { of: 1 } }]);
    expect(await jobRow(kept!.id)).toMatchObject({ status: 'done' });
    expect(await jobRow(taken!.id)).toMatchObject({ status: 'running', leaseOwner: 'other-copy' });
  });

  it('aborts a handler that runs past its time limit and counts the attempt as failed', async () => {
    const slowJob = defineJob({ kind: 'test.slow', payload: z.object({}), timeoutMs: 5 });
    const created = await enqueue(ctx.db, slowJob, {});
    const runner = ctx.runner();
    let reason: unknown;
    runner.handle(
      slowJob,
      (_payload, { signal }) =>
        new Promise<void>((_resolve, reject) =>
          signal.addEventListener('abort', () => {
            reason = signal.reason;
            reject(new Error('aborted'));
          }),
        ),
    );
    expect(await runner.runDue()).toMatchObject([{ id: created!.id, outcome: 'retry' }]);
    expect(reason).toBeInstanceOf(JobTimeoutError);
    expect((await jobRow(created!.id)).lastError).toContain('longer than its 5 ms limit');
  });

  it('on stop, lets a running job finish and records it done before resolving', async () => {
    const created = await enqueue(ctx.db, countJob, { n: 1 });
    const runner = ctx.runner({ pollIntervalMs: 10 * 60_000 });
    const started = gate();
    const release = gate();
    runner.handle(countJob, async () => {
      started.open();
      await release.promise;
    });
    await runner.start();
    await started.promise;

    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    for (let tick = 0; tick < 5; tick++) await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release.open();
    await stopping;
    expect(await jobRow(created!.id)).toMatchObject({ status: 'done', attempts: 1 });

    await enqueue(ctx.db, countJob, { n: 2 });
    expect(await runner.runDue()).toEqual([]);
  });

  it('on stop, hands a job still running after the grace period back to the queue and aborts its signal', async () => {
    const created = await enqueue(ctx.db, countJob, { n: 1 });
    const runner = ctx.runner({ pollIntervalMs: 10 * 60_000, shutdownGraceMs: 0 });
    const started = gate();
    let reason: unknown;
    runner.handle(countJob, (_payload, { signal }) => {
      started.open();
      return new Promise<void>((resolve) =>
        signal.addEventListener('abort', () => {
          reason = signal.reason;
          resolve();
        }),
      );
    });
    await runner.start();
    await started.promise;
    await runner.stop();

    expect(reason).toBeInstanceOf(JobShutdownError);
    expect(await jobRow(created!.id)).toMatchObject({ status: 'queued', attempts: 0, leaseOwner: null, leaseExpiresAt: null });
    const next = ctx.runner();
    next.handle(countJob, async () => {});
    expect(await next.runDue()).toMatchObject([{ id: created!.id, outcome: 'done', attempt: 1 }]);
  });

  it('reports itself stuck when a started runner has not looked for work in a long while', async () => {
    const runner = ctx.runner({ pollIntervalMs: 10 * 60_000 });
    expect(runner.health()).toBe('off');
    await runner.start();
    expect(runner.health()).toBe('ok');
    ctx.clock.advance(2 * 60 * 60_000);
    expect(runner.health()).toBe('stuck');
    await runner.stop();
    expect(runner.health()).toBe('off');
  });

  it('refuses a second handler for a kind', () => {
    const runner = createJobRunner({ database: { db: ctx.db, listen: async () => async () => {} }, log: recordingLogger() });
    runner.handle(countJob, async () => {});
    expect(() => runner.handle(countJob, async () => {})).toThrow(/already has a handler/);
  });
});

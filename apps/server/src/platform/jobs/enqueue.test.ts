import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { job } from '../../db/schema/jobs.ts';
import { queryRows } from '../database.ts';
import { useJobTestDatabase } from '../../test-support/job-runners.ts';
import { enqueue } from './enqueue.ts';
import { defineJob } from './job-type.ts';

const reminderJob = defineJob({ kind: 'test.reminder', payload: z.object({ customerId: z.string().min(1) }) });
const otherJob = defineJob({ kind: 'test.other', payload: z.object({ customerId: z.string().min(1) }) });

describe('enqueue', () => {
  const ctx = useJobTestDatabase();

  it('stores the checked payload, due now, with the job type’s attempts', async () => {
    const created = await enqueue(ctx.db, reminderJob, { customerId: 'c-1' });
    const [row] = await ctx.db.select().from(job).where(eq(job.id, created!.id));
    expect(row).toMatchObject({ kind: 'test.reminder', payload: { customerId: 'c-1' }, status: 'queued', attempts: 0, maxAttempts: 8 });
  });

  it('stamps a job due now with the enqueuing clock, so a runner looking right after the enqueue finds it due', async () => {
    const before = Date.now();
    const created = await enqueue(ctx.db, reminderJob, { customerId: 'c-1' });
    const after = Date.now();
    // The database's now() would carry microseconds past the millisecond a runner compares with.
    const [row] = await queryRows<{ ms: string }>(
      ctx.db,
      sql`select (extract(epoch from run_at) * 1000)::text as ms from job where id = ${created!.id}`,
    );
    const stamped = Number(row!.ms);
    expect(Number.isInteger(stamped)).toBe(true);
    expect(stamped).toBeGreaterThanOrEqual(before);
    expect(stamped).toBeLessThanOrEqual(after);
  });

  it('refuses a payload that does not fit the job type and writes nothing', async () => {
    await expect(enqueue(ctx.db, reminderJob, { customerId: '' })).rejects.toThrow(/customerId/);
    await expect(enqueue(ctx.db, reminderJob, { customerId: 'c-1' }, { maxAttempts: 0 })).rejects.toThrow(/maxAttempts/);
    expect(await ctx.db.select().from(job)).toEqual([]);
  });

  it('enqueues nothing when the transaction it is part of rolls back, and the job when it commits', async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await enqueue(tx, reminderJob, { customerId: 'rolled-back' });
        tx.rollback();
      }),
    ).rejects.toThrow();
    await expect(
      ctx.db.transaction(async (tx) => {
        await enqueue(tx, reminderJob, { customerId: 'failed-change' });
        throw new Error('the change that caused the job was refused');
      }),
    ).rejects.toThrow(/refused/);
    await ctx.db.transaction(async (tx) => {
      await enqueue(tx, reminderJob, { customerId: 'committed' });
    });
    const rows = await ctx.db.select({ payload: job.payload }).from(job);
    expect(rows).toEqual([{ payload: { customerId: 'committed' } }]);
  });

  it('keeps one job per kind and dedupe key, also after it ran, and also when two transactions race', async () => {
    const first = await enqueue(ctx.db, reminderJob, { customerId: 'c-1' }, { dedupeKey: 'c-1:2031-01-01' });
    expect(first).not.toBeNull();
    expect(await enqueue(ctx.db, reminderJob, { customerId: 'c-1' }, { dedupeKey: 'c-1:2031-01-01' })).toBeNull();
    await ctx.runner().runDue(); // no handler for the kind: the job stays queued
    const runner = ctx.runner();
    runner.handle(reminderJob, async () => {});
    expect(await runner.runDue()).toMatchObject([{ id: first!.id, outcome: 'done' }]);
    expect(await enqueue(ctx.db, reminderJob, { customerId: 'c-1' }, { dedupeKey: 'c-1:2031-01-01' })).toBeNull();

    const raced = await Promise.all(
      [ctx.db, ctx.otherCopy.db].map((db) =>
        db.transaction((tx) => enqueue(tx, reminderJob, { customerId: 'c-2' }, { dedupeKey: 'c-2:2031-01-01' })),
      ),
    );
    expect(raced.filter((created) => created !== null)).toHaveLength(1);

    expect(await enqueue(ctx.db, otherJob, { customerId: 'c-1' }, { dedupeKey: 'c-1:2031-01-01' })).not.toBeNull();
    expect(await enqueue(ctx.db, reminderJob, { customerId: 'c-1' }, { dedupeKey: 'c-1:2031-01-02' })).not.toBeNull();
    await enqueue(ctx.db, reminderJob, { customerId: 'c-1' });
    await enqueue(ctx.db, reminderJob, { customerId: 'c-1' });
    expect(await ctx.db.select().from(job)).toHaveLength(6);
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { job, jobSchedule } from '../../db/schema/jobs.ts';
import { useJobTestDatabase } from '../../test-support/job-runners.ts';
import { defineSchedule } from './job-schedules.ts';
import { defineJob } from './job-type.ts';

const tickJob = defineJob({ kind: 'test.tick', payload: z.object({ area: z.string() }) });
const everyQuarterHour = defineSchedule({
  name: 'test.every-quarter-hour',
  cron: '*/15 * * * *',
  timezone: 'UTC',
  job: tickJob,
  payload: { area: 'FI' },
});
const dailyInHelsinki = defineSchedule({
  name: 'test.daily-14-helsinki',
  cron: '0 14 * * *',
  timezone: 'Europe/Helsinki',
  job: tickJob,
  payload: { area: 'FI' },
});

describe('recurring schedules', () => {
  const ctx = useJobTestDatabase();

  /** Two server copies, each with the same schedule and a handler that notes the occurrence it ran for. */
  function twoCopies(schedule: ReturnType<typeof defineSchedule>) {
    const ranFor: string[] = [];
    const copies = [ctx.runner(), ctx.runner({ database: ctx.otherCopy })];
    for (const runner of copies) {
      runner.handle(tickJob, async ({ area }, { runAt }) => void ranFor.push(`${area}@${runAt.toISOString()}`));
      runner.schedule(schedule);
    }
    const runDue = async () => (await Promise.all(copies.map((runner) => runner.runDue()))).flat();
    return { ranFor, runDue };
  }

  it('enqueues once per period across two copies, and one job for several missed periods', async () => {
    ctx.clock.now = new Date('2031-03-05T10:07:00Z');
    const { ranFor, runDue } = twoCopies(everyQuarterHour);

    expect(await runDue()).toEqual([]);
    ctx.clock.now = new Date('2031-03-05T10:15:30Z');
    await runDue();
    await runDue();
    expect(ranFor).toEqual(['FI@2031-03-05T10:15:00.000Z']);

    ctx.clock.now = new Date('2031-03-05T10:31:00Z');
    await runDue();
    expect(ranFor).toEqual(['FI@2031-03-05T10:15:00.000Z', 'FI@2031-03-05T10:30:00.000Z']);

    // Every copy was down over 10:45, 11:00 and 11:15: one job, for the latest of them.
    ctx.clock.now = new Date('2031-03-05T11:20:00Z');
    await runDue();
    expect(ranFor.slice(2)).toEqual(['FI@2031-03-05T11:15:00.000Z']);
    const keys = await ctx.db.select({ dedupeKey: job.dedupeKey }).from(job).orderBy(job.id);
    expect(keys.map(({ dedupeKey }) => dedupeKey)).toEqual([
      'test.every-quarter-hour@2031-03-05T10:15:00.000Z',
      'test.every-quarter-hour@2031-03-05T10:30:00.000Z',
      'test.every-quarter-hour@2031-03-05T11:15:00.000Z',
    ]);
  });

  it('keeps 14:00 on the Helsinki wall clock across the start of summer time', async () => {
    ctx.clock.now = new Date('2031-03-29T09:00:00Z');
    const { ranFor, runDue } = twoCopies(dailyInHelsinki);
    await runDue();
    ctx.clock.now = new Date('2031-03-29T12:00:05Z'); // 14:00 EET
    await runDue();
    ctx.clock.now = new Date('2031-03-30T10:59:00Z');
    await runDue();
    ctx.clock.now = new Date('2031-03-30T11:00:05Z'); // 14:00 EEST
    await runDue();
    expect(ranFor).toEqual(['FI@2031-03-29T12:00:00.000Z', 'FI@2031-03-30T11:00:00.000Z']);
  });

  it('catches up an occurrence missed while no copy ran, and starts a changed pattern afresh', async () => {
    ctx.clock.now = new Date('2031-03-05T10:07:00Z');
    const first = ctx.runner();
    first.schedule(everyQuarterHour);
    await first.runDue();
    await first.stop(); // and no copy runs over 10:15

    ctx.clock.now = new Date('2031-03-05T10:20:00Z');
    const restarted = ctx.runner();
    const ranFor: Date[] = [];
    restarted.handle(tickJob, async (_payload, { runAt }) => void ranFor.push(runAt));
    restarted.schedule(everyQuarterHour);
    await restarted.runDue();
    expect(ranFor).toEqual([new Date('2031-03-05T10:15:00Z')]);

    const hourly = defineSchedule({ ...everyQuarterHour, cron: '0 * * * *', payload: { area: 'FI' } });
    const redeployed = ctx.runner();
    redeployed.schedule(hourly);
    await redeployed.runDue();
    const [row] = await ctx.db.select().from(jobSchedule).where(eq(jobSchedule.name, everyQuarterHour.name));
    expect(row).toMatchObject({ cron: '0 * * * *', nextRunAt: new Date('2031-03-05T11:00:00Z') });
  });

  it('reads a sixth field as seconds, first', async () => {
    ctx.clock.now = new Date('2031-03-05T10:00:01Z');
    const everyFiveSeconds = defineSchedule({ ...everyQuarterHour, name: 'test.every-five-seconds', cron: '*/5 * * * * *' });
    const runner = ctx.runner();
    const ranFor: Date[] = [];
    runner.handle(tickJob, async (_payload, { runAt }) => void ranFor.push(runAt));
    runner.schedule(everyFiveSeconds);
    await runner.runDue();
    ctx.clock.now = new Date('2031-03-05T10:00:06Z');
    await runner.runDue();
    expect(ranFor).toEqual([new Date('2031-03-05T10:00:05Z')]);
  });

  it('refuses a pattern or time zone that cannot be read, and a payload that does not fit', () => {
    const base = { name: 'test.bad', job: tickJob, payload: { area: 'FI' } };
    expect(() => defineSchedule({ ...base, cron: '0 0 14 * * * 2031', timezone: 'UTC' })).toThrow(/5 or 6 parts/);
    expect(() => defineSchedule({ ...base, cron: '0 14 * * *', timezone: 'Europe/Atlantis' })).toThrow(/Europe\/Atlantis/);
    expect(() => defineSchedule({ ...base, cron: '0 0 31 2 *', timezone: 'UTC' })).toThrow(/never occurs/);
    expect(() => defineSchedule({ ...base, cron: '0 14 * * *', timezone: 'UTC', payload: { area: 7 } as never })).toThrow(/area/);
  });
});

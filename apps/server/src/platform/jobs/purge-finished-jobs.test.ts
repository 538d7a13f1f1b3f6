import { describe, expect, it } from 'vitest';
import { job, type JobStatus } from '../../db/schema/jobs.ts';
import { useJobTestDatabase } from '../../test-support/job-runners.ts';
import { enqueue } from './enqueue.ts';
import { purgeFinishedJobs, purgeFinishedJobsJob } from './purge-finished-jobs.ts';

const DAY = 24 * 60 * 60_000;

describe('purging finished jobs', () => {
  const ctx = useJobTestDatabase();

  it('deletes done jobs after 30 days and dead ones after 90, and keeps everything else', async () => {
    const runAt = ctx.clock.now;
    const rows: { kind: string; status: JobStatus; finishedDaysAgo: number | null }[] = [
      { kind: 'test.done-old', status: 'done', finishedDaysAgo: 31 },
      { kind: 'test.done-recent', status: 'done', finishedDaysAgo: 29 },
      { kind: 'test.dead-old', status: 'dead', finishedDaysAgo: 91 },
      { kind: 'test.dead-recent', status: 'dead', finishedDaysAgo: 60 },
      { kind: 'test.queued-old', status: 'queued', finishedDaysAgo: null },
    ];
    await ctx.db.insert(job).values(
      rows.map(({ kind, status, finishedDaysAgo }) => ({
        kind,
        status,
        payload: {},
        maxAttempts: 1,
        runAt: new Date(runAt.getTime() - 120 * DAY),
        finishedAt: finishedDaysAgo === null ? null : new Date(runAt.getTime() - finishedDaysAgo * DAY),
      })),
    );
    await enqueue(ctx.db, purgeFinishedJobsJob, {}, { runAt });
    const runner = ctx.runner();
    runner.handle(purgeFinishedJobsJob, purgeFinishedJobs);
    expect(await runner.runDue()).toMatchObject([{ kind: 'jobs.purge-finished', outcome: 'done' }]);

    const left = await ctx.db.select({ kind: job.kind }).from(job).orderBy(job.kind);
    expect(left.map(({ kind }) => kind)).toEqual(['jobs.purge-finished', 'test.dead-recent', 'test.done-recent', 'test.queued-old']);
    expect(ctx.log).toContainEqual(expect.objectContaining({ msg: 'finished jobs purged', deleted: 2 }));
  });
});

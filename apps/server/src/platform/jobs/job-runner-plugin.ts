import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { refreshStatistics, refreshStatisticsJob } from '../../db/refresh-statistics.ts';
import type { DatabaseHandle } from '../database.ts';
import { createJobRunner, type JobOutcome, type JobRunner } from './job-runner.ts';
import { purgeFinishedJobs, purgeFinishedJobsJob, purgeFinishedJobsNightly } from './purge-finished-jobs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This copy's job runner: modules call `app.jobs.handle(…)` and `app.jobs.schedule(…)` while the app loads. */
    jobs: JobRunner;
  }
}

/**
 * Builds the job runner as `app.jobs`. It starts when the app is ready (so every module has registered its
 * handlers) unless JOBS_ENABLED=false, and stops when the app closes, before main.ts closes the database.
 */
export const jobRunning = fp(
  async (
    app: FastifyInstance,
    {
      database,
      enabled,
      pollIntervalMs,
      onFinished,
    }: { database: DatabaseHandle; enabled: boolean; pollIntervalMs: number; onFinished?: (outcome: JobOutcome, seconds: number) => void },
  ) => {
    const runner = createJobRunner({ database, log: app.log.child({ component: 'jobs' }), pollIntervalMs, onFinished });
    runner.handle(purgeFinishedJobsJob, purgeFinishedJobs);
    runner.schedule(purgeFinishedJobsNightly);
    runner.handle(refreshStatisticsJob, refreshStatistics);
    app.decorate('jobs', runner);
    if (enabled) app.addHook('onReady', () => runner.start());
    app.addHook('onClose', () => runner.stop());
  },
  { name: 'job-running' },
);

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { jobSchedule } from '../../db/schema/jobs.ts';
import { outboxSmsMessages } from '../../integrations/sms/outbox.ts';
import { sendSmsJob } from '../../integrations/sms/send-sms-job.ts';
import { useTestApp } from '../../test-support/test-app.ts';
import { enqueue } from './enqueue.ts';

describe('the job runner in the server', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-jobs-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  // A poll interval past the test's time limit: the job below is found through the enqueue's notification.
  const ctx = useTestApp({ JOBS_ENABLED: 'true', JOBS_POLL_INTERVAL_MS: '600000', DATA_DIR: dataDir });

  it('starts with the server, shows in readiness and runs what a transaction enqueued', async () => {
    const ready = await ctx.app.inject({ url: '/health/ready' });
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok', jobs: 'ok', meterBroker: 'ok' } });

    const to = '+37253123456';
    await ctx.database.db.transaction((tx) => enqueue(tx, sendSmsJob, { to, from: 'Virmalise', text: 'Homme on elektrikatkestus.' }));
    await vi.waitFor(async () => expect(await outboxSmsMessages(ctx.config.sms.outboxDir, to)).toHaveLength(1), { timeout: 20_000 });
  });

  it('declares the nightly purge of finished jobs', async () => {
    const [row] = await ctx.database.db.select().from(jobSchedule).where(eq(jobSchedule.name, 'jobs.purge-finished'));
    expect(row).toMatchObject({ cron: '30 3 * * *', timezone: 'UTC' });
    expect(row!.nextRunAt.toISOString()).toMatch(/T03:30:00\.000Z$/);
  });

  it('stops when the server closes, and does not start where JOBS_ENABLED=false', async () => {
    const app = await buildApp({ config: ctx.config, database: ctx.database, appVersion: 'test' });
    await app.ready();
    expect(app.jobs.health()).toBe('ok');
    await app.close();
    expect(app.jobs.health()).toBe('off');

    const httpOnly = await buildApp({
      config: { ...ctx.config, jobs: { ...ctx.config.jobs, enabled: false } },
      database: ctx.database,
      appVersion: 'test',
    });
    await httpOnly.ready();
    expect(httpOnly.jobs.health()).toBe('off');
    expect((await httpOnly.inject({ url: '/health/ready' })).json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', meterBroker: 'ok' },
    });
    await httpOnly.close();
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { runDueOf } from '../../test-support/job-runners.ts';
import { useTestApp } from '../../test-support/test-app.ts';
import { outboxSmsMessages } from './outbox.ts';
import { sendSmsJob } from './send-sms-job.ts';

describe('text messages through the job runner', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-sms-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const ctx = useTestApp({ DATA_DIR: dataDir });
  const to = '+358401234567';

  it('lands in the SMS outbox when the runner runs the job its transaction enqueued, not before', async () => {
    const text = 'Huomisen pörssisähkö ylittää 20 c/kWh klo 8–9.';
    await ctx.database.db.transaction((tx) => enqueue(tx, sendSmsJob, { to, from: 'Lumo', text }));
    expect(await outboxSmsMessages(ctx.config.sms.outboxDir, to)).toEqual([]);

    expect(await runDueOf(ctx.app.jobs, 'sms.send')).toMatchObject([{ kind: 'sms.send', outcome: 'done' }]);
    expect(await outboxSmsMessages(ctx.config.sms.outboxDir, to)).toEqual([{ from: 'Lumo', to, text, sentAt: expect.any(String) }]);
    expect(ctx.config.sms.outboxDir).toBe(join(dataDir, 'outbox', 'sms'));
  });

  it('refuses a number, sender or text a phone network would not take, before anything is queued', async () => {
    const db = ctx.database.db;
    await expect(enqueue(db, sendSmsJob, { to: '0401234567', from: 'Lumo', text: 'Hei' })).rejects.toThrow(/international number/);
    await expect(enqueue(db, sendSmsJob, { to: '+358000', from: 'Lumo', text: 'Hei' })).rejects.toThrow(/international number/);
    await expect(enqueue(db, sendSmsJob, { to: '+3581234567890', from: 'Lumo', text: 'Hei' })).rejects.toThrow(/not a mobile phone number/);
    await expect(enqueue(db, sendSmsJob, { to: '+358912345678', from: 'Lumo', text: 'Hei' })).rejects.toThrow(/not a mobile phone number/);
    await expect(enqueue(db, sendSmsJob, { to, from: 'Lumo Energia Oy', text: 'Hei' })).rejects.toThrow(/GSM sender name/);
    await expect(enqueue(db, sendSmsJob, { to, from: 'Lumo', text: '' })).rejects.toThrow(/text/);
    expect(await runDueOf(ctx.app.jobs, 'sms.send')).toEqual([]);
  });
});

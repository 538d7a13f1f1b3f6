import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { runDueOf } from '../../test-support/job-runners.ts';
import { useTestApp } from '../../test-support/test-app.ts';
import { latestOutboxMessage } from './outbox.ts';
import { sendMailJob } from './send-mail-job.ts';

describe('mail through the job runner', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-mail-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const ctx = useTestApp({ DATA_DIR: dataDir });

  it('is sent by the mail port when the runner runs the job, once per dedupe key', async () => {
    const message = {
      to: 'aino.virtanen@example.fi',
      fromName: 'Lumo Energia',
      subject: 'Lasku erääntyy 3 päivän kuluttua',
      text: 'Laskusi 12345 erääntyy 15.01.2031.',
      html: '<p>Laskusi 12345 erääntyy 15.01.2031.</p>',
    };
    const dedupeKey = 'invoice-due:12345';
    expect(await enqueue(ctx.database.db, sendMailJob, message, { dedupeKey })).not.toBeNull();
    expect(await enqueue(ctx.database.db, sendMailJob, message, { dedupeKey })).toBeNull();
    expect(await latestOutboxMessage(ctx.config.mail.outboxDir, message.to)).toBeNull();

    expect(await runDueOf(ctx.app.jobs, 'mail.send')).toMatchObject([{ kind: 'mail.send', outcome: 'done' }]);
    const sent = await latestOutboxMessage(ctx.config.mail.outboxDir, message.to);
    expect(sent).toContain('To: aino.virtanen@example.fi');
    expect(sent).toContain('Subject: =?UTF-8?Q?Lasku_er=C3=A4=C3=A4ntyy');
    expect(sent).toContain('Laskusi 12345');
    expect(sent).toContain('From: Lumo Energia <no-reply@portal.example>');
  });

  it('refuses an address that is not one before anything is queued', async () => {
    await expect(
      enqueue(ctx.database.db, sendMailJob, { to: 'not-an-address', fromName: 'Lumo', subject: 'S', text: 'T', html: '<p>T</p>' }),
    ).rejects.toThrow(/to/);
  });
});

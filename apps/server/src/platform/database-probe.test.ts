import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { startDatabaseProbe } from './database-probe.ts';

describe('the database probe behind readiness', () => {
  it('reports the last answer at once, and unreachable once pings stop coming back or fail', async () => {
    let clock = 0;
    let answer: Promise<void> = Promise.resolve();
    const probe = startDatabaseProbe(() => answer, { intervalMs: 5, staleAfterMs: 1000, now: () => clock });
    await sleep(20);
    expect(probe.state()).toBe('ok');

    // The database stops answering: the last answer holds until it is older than the limit.
    answer = new Promise(() => {});
    await sleep(20);
    clock = 900;
    expect(probe.state()).toBe('ok');
    clock = 1001;
    expect(probe.state()).toBe('unreachable');
    probe.stop();
  });

  it('is unreachable as soon as a ping fails, and ok again when one succeeds', async () => {
    let fail = true;
    const probe = startDatabaseProbe(
      async () => {
        if (fail) throw new Error('connection refused');
      },
      { intervalMs: 5 },
    );
    await sleep(20);
    expect(probe.state()).toBe('unreachable');
    fail = false;
    await sleep(20);
    expect(probe.state()).toBe('ok');
    probe.stop();
  });
});

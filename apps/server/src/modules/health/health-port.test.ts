import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test-support/free-port.ts';
import { useTestApp } from '../../test-support/test-app.ts';
import { startHealthPort, type HealthPort } from './health-port.ts';
import type { ReadinessState } from './readiness.ts';

const healthy: ReadinessState = { closing: false, database: 'ok', jobs: 'off', meterBroker: 'ok' };
const ask = async (port: number, path: string, method = 'GET') => {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { method });
  return { status: response.status, body: (await response.json()) as unknown };
};

const port = await freePort();

describe('the health port of a listening app', () => {
  const ctx = useTestApp({ HEALTH_PORT: String(port) }, { listen: true });

  it('answers readiness as the main port does, and liveness', async () => {
    const main = await ctx.app.inject({ url: '/health/ready' });
    expect(await ask(port, '/health/ready')).toEqual({ status: 200, body: main.json() });
    expect(main.json()).toEqual({ status: 'ok', checks: { database: 'ok', meterBroker: 'ok' } });
    expect(await ask(port, '/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('answers nothing but the two checks', async () => {
    expect((await ask(port, '/api/site')).status).toBe(404);
    expect((await ask(port, '/health/ready', 'POST')).status).toBe(405);
  });
});

describe('the health port thread', () => {
  let healthPort: HealthPort | undefined;
  afterEach(async () => healthPort?.stop());

  it('is not ready before the main thread says it listens, and reports what it says', async () => {
    let state = healthy;
    healthPort = await startHealthPort({ host: '127.0.0.1', port: 0, state: () => state, onError: () => {} });
    expect(await ask(healthPort.port, '/health/ready')).toEqual({
      status: 503,
      body: { status: 'unavailable', checks: { server: 'starting' } },
    });
    healthPort.beatOn();
    await expect.poll(async () => (await ask(healthPort!.port, '/health/ready')).status).toBe(200);
    state = { ...state, database: 'unreachable', jobs: 'stuck' };
    healthPort.beat();
    await expect
      .poll(async () => ask(healthPort!.port, '/health/ready'))
      .toEqual({ status: 503, body: { status: 'unavailable', checks: { database: 'unreachable', jobs: 'stuck', meterBroker: 'ok' } } });
    state = { ...healthy, closing: true };
    healthPort.beat();
    await expect
      .poll(async () => ask(healthPort!.port, '/health/ready'))
      .toEqual({ status: 503, body: { status: 'unavailable', checks: { server: 'closing' } } });
  });

  it('answers while the main thread is blocked, and says it stalled', async () => {
    healthPort = await startHealthPort({ host: '127.0.0.1', port: 0, state: () => healthy, onError: () => {}, stalledAfterMs: 300 });
    healthPort.beatOn();
    await expect.poll(async () => (await ask(healthPort!.port, '/health/ready')).status).toBe(200);
    // execFileSync blocks this thread's event loop (no beats) while another process asks the port twice.
    const asked = execFileSync(
      process.execPath,
      [
        '-e',
        `const ask = async (path) => { const r = await fetch('http://127.0.0.1:${healthPort.port}' + path); return [r.status, await r.json()]; };
         setTimeout(async () => console.log(JSON.stringify([await ask('/health/ready'), await ask('/health/live')])), 1000);`,
      ],
      { encoding: 'utf8', timeout: 10_000 },
    );
    const stalled = [503, { status: 'unavailable', checks: { server: 'stalled' } }];
    expect(JSON.parse(asked)).toEqual([stalled, stalled]);
    await expect.poll(async () => (await ask(healthPort!.port, '/health/ready')).status).toBe(200);
  });

  it('fails to start on a port in use', async () => {
    const taken = await startHealthPort({ host: '127.0.0.1', port: 0, state: () => healthy, onError: () => {} });
    try {
      await expect(startHealthPort({ host: '127.0.0.1', port: taken.port, state: () => healthy, onError: () => {} })).rejects.toThrow(
        /EADDRINUSE/,
      );
    } finally {
      await taken.stop();
    }
  });
});

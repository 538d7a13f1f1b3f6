import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import type { ServerProcess } from './server-process.ts';

/** The calls of the dashboard page (features/dashboard), as a browser makes them on the first load. */
const DASHBOARD_CALLS = [
  '/api/info',
  '/api/dashboard/locations',
  '/api/dashboard/invoices',
  '/api/dashboard/statistics/consumption?period=month',
  '/api/dashboard/statistics/spot',
  '/api/dashboard/statistics/expenses?period=year',
  '/api/dashboard/yearly-consumption?years=3',
];

/**
 * What Chromium sends with each of them besides the cookie: the answers of 1 KB and more go out compressed, as they
 * do to every browser (decision 089). Without it the run measured answers no browser gets.
 */
const BROWSER_HEADERS = { host: 'lumo.localhost', accept: 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd' };

export type LoadResult = {
  requests: number;
  errors: number;
  /** What the errors were: connection errors, timeouts, non-2xx answers, failed readiness checks. */
  errorKinds: string;
  p50: number;
  p99: number;
  healthWorstMs: number;
  rssAfterWarmUp: number;
  rssAtEnd: number;
};

/**
 * Readiness asked every quarter second on a connection of its own, as a balancer's probe asks it (on the server's
 * health port, or through nginx's), from a thread of its own:
 * asked from the thread that drives the 200 connections, the answer waited behind the load generator's own work
 * and measured the client, not the server. Returns the slowest answer and the failures when stopped.
 */
function watchHealth(origin: string) {
  const watcher = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    let worst = 0;
    let failures = 0;
    let stopped = false;
    parentPort.once('message', () => { stopped = true; });
    (async () => {
      // The thread's first fetch loads the HTTP client; it is not the server's time.
      await fetch(workerData + '/health/ready').then((r) => r.arrayBuffer(), () => {});
      while (!stopped) {
        const started = performance.now();
        const ok = await fetch(workerData + '/health/ready', { headers: { connection: 'close' } }).then((r) => r.ok, () => false);
        worst = Math.max(worst, performance.now() - started);
        if (!ok) failures++;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      parentPort.postMessage({ worst, failures });
    })();
    `,
    { eval: true, workerData: origin },
  );
  return async (): Promise<{ worst: number; failures: number }> => {
    const result = new Promise<{ worst: number; failures: number }>((resolve) => watcher.once('message', resolve));
    watcher.postMessage('stop');
    const answer = await result;
    await watcher.terminate();
    return answer;
  };
}

/**
 * Load before the measured run: a minute, the longest any kept answer lives (decision 082), so the caches have filled
 * and turned over once. Sampled every 10 s on PostgreSQL, RSS rose 391 → 452 MB in the first minute and then stayed
 * at 450 MB; after a 5 s warm-up the memory row measured that settling, not growth.
 */
export const WARM_UP_SECONDS = 60;

/**
 * `connections` connections for `seconds` over the dashboard's calls, each connection signed in as one of the
 * customers (round robin over `cookies`), against a server process: every answer must be 2xx. Readiness is
 * watched throughout and the server's memory sampled after a warm-up and at the end.
 */
export async function loadRun(
  server: Pick<ServerProcess, 'origin' | 'rssBytes'> & { healthOrigin?: string },
  cookies: string[],
  { connections = 200, seconds = 30, warmUpSeconds = WARM_UP_SECONDS } = {},
): Promise<LoadResult> {
  let next = 0;
  const run = (duration: number) =>
    autocannon({
      url: server.origin,
      connections,
      duration,
      requests: DASHBOARD_CALLS.map((path) => ({ method: 'GET' as const, path })),
      setupClient: (client) => {
        const cookie = cookies[next++ % cookies.length]!;
        client.setRequests(DASHBOARD_CALLS.map((path) => ({ method: 'GET' as const, path, headers: { ...BROWSER_HEADERS, cookie } })));
      },
    });
  await run(warmUpSeconds);
  const rssAfterWarmUp = server.rssBytes();
  const health = watchHealth(server.healthOrigin ?? server.origin);
  const result = await run(seconds);
  const { worst, failures } = await health();
  return {
    requests: result.requests.total,
    errors: result.errors + result.timeouts + result.non2xx + failures,
    errorKinds: `${result.errors} connection, ${result.timeouts} timed out, ${result.non2xx} non-2xx (${Object.entries(
      result.statusCodeStats ?? {},
    )
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `${code} × ${count ?? 0}`)
      .join(', ')}), ${failures} readiness`,
    p50: result.latency.p50,
    p99: result.latency.p99,
    healthWorstMs: worst,
    rssAfterWarmUp,
    rssAtEnd: server.rssBytes(),
  };
}

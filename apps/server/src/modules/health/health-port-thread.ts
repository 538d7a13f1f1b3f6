import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import type { FromMainThread, MetricsAnswer, MetricsRequest } from './health-port.ts';
import { readinessOf, type HealthAnswer, type ReadinessState } from './readiness.ts';

/**
 * The health port's thread (health-port.ts): answers the checks from the main thread's last word, never waiting for
 * it, and `/metrics` by asking the main thread, whose registry holds them (a stalled copy's scrape times out).
 */
const { host, port, stalledAfterMs, metricsTimeoutMs } = workerData as {
  host: string;
  port: number;
  stalledAfterMs: number;
  metricsTimeoutMs: number;
};
let state: ReadinessState | null = null;
let heardAt = 0;
let asked = 0;
const waitingForMetrics = new Map<number, (answer: MetricsAnswer) => void>();
parentPort!.on('message', (message: FromMainThread) => {
  if (message.kind === 'metrics') {
    waitingForMetrics.get(message.id)?.(message);
    waitingForMetrics.delete(message.id);
    return;
  }
  state = message.state;
  heardAt = performance.now();
});

function metricsOf(): Promise<MetricsAnswer | null> {
  const id = ++asked;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waitingForMetrics.delete(id);
      resolve(null);
    }, metricsTimeoutMs);
    waitingForMetrics.set(id, (answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
    parentPort!.postMessage({ kind: 'metrics', id } satisfies MetricsRequest);
  });
}

async function sendMetrics(response: ServerResponse) {
  const answer = await metricsOf();
  if (!answer) return send(response, 503, { message: `The server did not give its metrics within ${metricsTimeoutMs} ms` });
  response.writeHead(200, { 'content-type': answer.contentType, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  response.end(answer.text);
}

function send(response: ServerResponse, statusCode: number, answer: HealthAnswer | { message: string }) {
  response.writeHead(statusCode, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  response.end(JSON.stringify(answer));
}

const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://health').pathname;
  if (path !== '/health/live' && path !== '/health/ready' && path !== '/metrics')
    return send(response, 404, { message: 'Not found: /health/live, /health/ready or /metrics' });
  if (request.method !== 'GET' && request.method !== 'HEAD') return send(response, 405, { message: 'Only GET and HEAD' });
  if (path === '/metrics') return void sendMetrics(response);
  if (state === null) return send(response, 503, { status: 'unavailable', checks: { server: 'starting' } });
  if (performance.now() - heardAt > stalledAfterMs) return send(response, 503, { status: 'unavailable', checks: { server: 'stalled' } });
  if (path === '/health/live') return send(response, 200, { status: 'ok' });
  const { statusCode, answer } = readinessOf(state);
  send(response, statusCode, answer);
});
server.listen(port, host, () => parentPort!.postMessage({ port: (server.address() as AddressInfo).port }));

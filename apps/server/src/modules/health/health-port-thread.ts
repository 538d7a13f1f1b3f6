import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { readinessOf, type HealthAnswer, type ReadinessState } from './readiness.ts';

/** The health port's thread (health-port.ts): answers from the main thread's last word, never waiting for it. */
const { host, port, stalledAfterMs } = workerData as { host: string; port: number; stalledAfterMs: number };
let state: ReadinessState | null = null;
let heardAt = 0;
parentPort!.on('message', (next: ReadinessState) => {
  state = next;
  heardAt = performance.now();
});

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
  if (path !== '/health/live' && path !== '/health/ready')
    return send(response, 404, { message: 'Not found: /health/live or /health/ready' });
  if (request.method !== 'GET' && request.method !== 'HEAD') return send(response, 405, { message: 'Only GET and HEAD' });
  if (state === null) return send(response, 503, { status: 'unavailable', checks: { server: 'starting' } });
  if (performance.now() - heardAt > stalledAfterMs) return send(response, 503, { status: 'unavailable', checks: { server: 'stalled' } });
  if (path === '/health/live') return send(response, 200, { status: 'ok' });
  const { statusCode, answer } = readinessOf(state);
  send(response, statusCode, answer);
});
server.listen(port, host, () => parentPort!.postMessage({ port: (server.address() as AddressInfo).port }));

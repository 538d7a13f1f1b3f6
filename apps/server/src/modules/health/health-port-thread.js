import { createServer } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * @import { ServerResponse } from 'node:http';
 * @import { AddressInfo } from 'node:net';
 * @import { FromMainThread, MetricsAnswer, MetricsRequest } from './health-port.ts';
 * @import { HealthAnswer, Readiness } from './readiness.ts';
 */

/**
 * The health port's thread (health-port.ts): answers the checks from the main thread's last word, never waiting for
 * it, and `/metrics` by asking the main thread, whose registry holds them (a stalled copy's scrape times out).
 *
 * Plain JavaScript on purpose, importing nothing of the app's: a thread that loads a TypeScript file loads Node.js's
 * type stripper into its own heap, 17 MB of the 47 MB this thread cost (docs/decisions/121, issue 30). The main
 * thread sends the readiness it worked out (readiness.ts), so the rule lives in one place.
 */
const { host, port, stalledAfterMs, metricsTimeoutMs } =
  /** @type {{ host: string; port: number; stalledAfterMs: number; metricsTimeoutMs: number }} */ (workerData);
const mainThread = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
/** @type {Readiness | null} */
let readiness = null;
let heardAt = 0;
let asked = 0;
/** @type {Map<number, (answer: MetricsAnswer) => void>} */
const waitingForMetrics = new Map();
mainThread.on('message', (/** @type {FromMainThread} */ message) => {
  if (message.kind === 'metrics') {
    waitingForMetrics.get(message.id)?.(message);
    waitingForMetrics.delete(message.id);
    return;
  }
  readiness = message.readiness;
  heardAt = performance.now();
});

/** @returns {Promise<MetricsAnswer | null>} */
function metricsOf() {
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
    mainThread.postMessage(/** @satisfies {MetricsRequest} */ ({ kind: 'metrics', id }));
  });
}

/** @param {ServerResponse} response */
async function sendMetrics(response) {
  const answer = await metricsOf();
  if (!answer) return send(response, 503, { message: `The server did not give its metrics within ${metricsTimeoutMs} ms` });
  response.writeHead(200, { 'content-type': answer.contentType, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  response.end(answer.text);
}

/**
 * @param {ServerResponse} response
 * @param {number} statusCode
 * @param {HealthAnswer | { message: string }} answer
 */
function send(response, statusCode, answer) {
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
  if (readiness === null) return send(response, 503, { status: 'unavailable', checks: { server: 'starting' } });
  if (performance.now() - heardAt > stalledAfterMs) return send(response, 503, { status: 'unavailable', checks: { server: 'stalled' } });
  if (path === '/health/live') return send(response, 200, { status: 'ok' });
  send(response, readiness.statusCode, readiness.answer);
});
server.listen(port, host, () => mainThread.postMessage({ port: /** @type {AddressInfo} */ (server.address()).port }));

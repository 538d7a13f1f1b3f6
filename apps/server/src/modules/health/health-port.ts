import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { readinessOf, type Readiness, type ReadinessState } from './readiness.ts';

/** What the main thread tells the health port's thread: its readiness, or the metrics the thread asked for. */
export type FromMainThread = { kind: 'readiness'; readiness: Readiness } | MetricsAnswer;
export type MetricsAnswer = { kind: 'metrics'; id: number; contentType: string; text: string };
export type MetricsRequest = { kind: 'metrics'; id: number };

export type HealthPort = {
  port: number;
  /** Sends the main thread's readiness now. */
  beat: () => void;
  /** Sends it every `beatMs` from now on: the main port listens, so the copy can be ready. */
  beatOn: () => void;
  stop: () => Promise<void>;
};

/**
 * Liveness and readiness on a port of their own (HEALTH_PORT), answered by a worker thread: on the main port a
 * balancer's check waits in the event loop's queue behind every request in flight (99 ms under the bench's 200
 * connections, docs/decisions/087). The thread answers from the main thread's last beat: 503 `server: starting`
 * before the first, 503 `server: stalled` when none came for `stalledAfterMs`, since a loop blocked that long
 * serves nobody. With a `metrics` registry it also serves `/metrics` (docs/decisions/113), asked of the main thread
 * on each scrape and answered 503 after `metricsTimeoutMs`.
 */
export async function startHealthPort({
  host,
  port,
  state,
  onError,
  metrics,
  beatMs = 250,
  stalledAfterMs = 5000,
  metricsTimeoutMs = 5000,
}: {
  host: string;
  port: number;
  state: () => ReadinessState;
  onError: (error: Error) => void;
  metrics?: Pick<Registry, 'contentType' | 'metrics'>;
  beatMs?: number;
  stalledAfterMs?: number;
  metricsTimeoutMs?: number;
}): Promise<HealthPort> {
  const worker = new Worker(new URL('./health-port-thread.js', import.meta.url), {
    workerData: { host, port, stalledAfterMs, metricsTimeoutMs },
  });
  const bound = await new Promise<number>((resolve, reject) => {
    worker.once('message', (listening: { port: number }) => resolve(listening.port));
    worker.once('error', reject);
  });
  worker.on('error', onError);
  worker.on('message', (request: MetricsRequest) => {
    const answer = (text: string, contentType: string) =>
      worker.postMessage({ kind: 'metrics', id: request.id, contentType, text } satisfies MetricsAnswer);
    if (!metrics) return answer('', 'text/plain; version=0.0.4; charset=utf-8');
    metrics.metrics().then(
      (text) => answer(text, metrics.contentType),
      (error: unknown) => onError(error instanceof Error ? error : new Error(String(error))),
    );
  });
  const beat = () => worker.postMessage({ kind: 'readiness', readiness: readinessOf(state()) } satisfies FromMainThread);
  let timer: NodeJS.Timeout | undefined;
  return {
    port: bound,
    beat,
    beatOn: () => {
      beat();
      timer = setInterval(beat, beatMs);
      timer.unref();
    },
    stop: async () => {
      clearInterval(timer);
      await worker.terminate();
    },
  };
}

/**
 * The app's health port: bound when the app is ready (a port in use fails the start), ready once the main port
 * listens, told at once when closing begins (before in-flight requests finish), stopped when closed.
 */
export function serveHealthPort(
  app: FastifyInstance,
  options: { host: string; port: number; readiness: () => ReadinessState; metrics: Pick<Registry, 'contentType' | 'metrics'> },
): void {
  let healthPort: HealthPort | undefined;
  app.addHook('onReady', async () => {
    healthPort = await startHealthPort({
      ...options,
      state: options.readiness,
      onError: (error) => app.log.error({ err: error }, 'health port failed'),
    });
  });
  app.addHook('onListen', async () => healthPort?.beatOn());
  app.addHook('preClose', async () => healthPort?.beat());
  app.addHook('onClose', async () => healthPort?.stop());
}

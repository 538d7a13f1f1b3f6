import { request, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { App } from '../apps/server/src/app.ts';

const STREAMS = 1000;

/** A full collection before each heap reading: without it the figure was whatever garbage happened to be there. */
function collectedHeap(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}
const ROUNDS = 5;

/**
 * Live-reading fan-out: 1,000 browsers' Server-Sent Event streams on one meter, over real loopback HTTP. Measures
 * how long each reading takes to reach every stream (from the meter's publish to the last stream's event) and
 * what the open streams cost in memory. Bounded: five readings, and 60 s at most.
 */
export async function liveReadingFanOut(app: App, objectId: string, headers: Record<string, string>) {
  const address = app.server.listening
    ? `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    : await app.listen({ host: '127.0.0.1', port: 0 });
  const agent = new Agent({ keepAlive: false, maxSockets: STREAMS + 10 });
  const heapBefore = collectedHeap();
  const rssBefore = process.memoryUsage().rss;
  const arrivals: number[][] = Array.from({ length: ROUNDS }, () => []);
  const closers: (() => void)[] = [];
  let round = -1;
  let publishedAt = 0;

  await Promise.all(
    Array.from(
      { length: STREAMS },
      () =>
        new Promise<void>((resolve, reject) => {
          const req = request(`${address}/api/load-controls/live-readings/${objectId}/stream`, { headers, agent }, (response) => {
            if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              if (round >= 0 && chunk.includes('event: reading')) arrivals[round]!.push(performance.now() - publishedAt);
            });
            resolve();
          });
          req.on('error', reject);
          req.end();
          closers.push(() => req.destroy());
        }),
    ),
  );
  // Both ends of each stream live in this process: the figure holds the client's side too.
  const heapPerStream = (collectedHeap() - heapBefore) / STREAMS;
  const rssPerStream = (process.memoryUsage().rss - rssBefore) / STREAMS;
  const deadline = Date.now() + 60_000;
  try {
    for (round = 0; round < ROUNDS; round++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      publishedAt = performance.now();
      app.meterSimulator!.publishReadings();
      while (arrivals[round]!.length < STREAMS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      if (arrivals[round]!.length < STREAMS) throw new Error(`only ${arrivals[round]!.length} of ${STREAMS} streams got reading ${round}`);
    }
  } finally {
    for (const close of closers) close();
    agent.destroy();
  }
  const lastArrivals = arrivals.map((times) => Math.max(...times)).sort((a, b) => a - b);
  return { streams: STREAMS, worstMs: lastArrivals.at(-1)!, medianMs: lastArrivals[Math.floor(ROUNDS / 2)]!, heapPerStream, rssPerStream };
}

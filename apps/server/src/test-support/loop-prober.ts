import { Worker } from 'node:worker_threads';

/** What the prober saw: how many probes, the slowest answer, and the process's highest resident memory. */
export type ProbeReport = { probes: number; slowestMs: number; peakRssBytes: number };

/**
 * A balancer's probe from outside the server's event loop: a thread of the test process asks `url` over loopback
 * HTTP every `everyMs` and samples the process's resident memory every 5 ms. Being a thread of its own, it keeps
 * asking (and measuring) while the server's thread is busy, which the test's own thread could not.
 */
export function startProbing(url: string, host: string, everyMs = 10) {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const http = require('node:http');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let stopping = false;
    let probes = 0;
    let slowestMs = 0;
    let peakRssBytes = process.memoryUsage.rss();
    const sampler = setInterval(() => { peakRssBytes = Math.max(peakRssBytes, process.memoryUsage.rss()); }, 5);
    parentPort.on('message', () => { stopping = true; });
    const probe = () => new Promise((resolve, reject) => {
      http.get(workerData.url, { agent, headers: { host: workerData.host } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode));
      }).on('error', reject);
    });
    (async () => {
      while (!stopping) {
        const started = performance.now();
        const status = await probe();
        if (status !== 200) throw new Error('health answered ' + status);
        slowestMs = Math.max(slowestMs, performance.now() - started);
        probes += 1;
        if (probes === 3) parentPort.postMessage('warm');
        await new Promise((resolve) => setTimeout(resolve, workerData.everyMs));
      }
      clearInterval(sampler);
      agent.destroy();
      parentPort.postMessage({ probes, slowestMs, peakRssBytes });
    })();
    `,
    { eval: true, workerData: { url, host, everyMs } },
  );
  const failed = new Promise<never>((_, reject) => worker.once('error', reject));
  const warm = new Promise<void>((resolve) => worker.once('message', () => resolve()));
  return {
    /** Resolves once three probes have answered: the connection is open and the thread runs. */
    warm: Promise.race([warm, failed]),
    async stop(): Promise<ProbeReport> {
      const report = new Promise<ProbeReport>((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      const result = await Promise.race([report, failed]);
      await worker.terminate();
      return result;
    },
  };
}

import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import type { App } from '../apps/server/src/app.ts';

const seconds = 3;
const rounds = 3;

async function requestsPerSecond(url: string, headers: Record<string, string>): Promise<number> {
  const result = await autocannon({ url, headers, connections: 10, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/**
 * Requests per second of a portal call (with its site, session and actor resolution) against a bare Fastify
 * route answering the same JSON on the same machine, loopback only, bounded in time. Three rounds, each measuring
 * both one after the other and alternating which goes first; the median round's ratio. Measured once each, the
 * bare route alone moved from 24,000 to 36,000 requests/s between runs of the same commit (decision 084), and the
 * ratio with it: a round compares two figures taken seconds apart.
 */
export async function apiOverhead(app: App, path: string, headers: Record<string, string>) {
  const body = (await app.inject({ url: path, headers })).json();
  const bare = Fastify();
  bare.get(path.split('?')[0]!, async () => body);
  const bareAddress = await bare.listen({ host: '127.0.0.1', port: 0 });
  const appAddress = app.server.listening
    ? `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    : await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const bareRun = () => requestsPerSecond(`${bareAddress}${path}`, {});
    const appRun = () => requestsPerSecond(`${appAddress}${path}`, headers);
    const measured: { bareRps: number; appRps: number; ratio: number }[] = [];
    for (let round = 0; round < rounds; round++) {
      let bareRps: number;
      let appRps: number;
      if (round % 2 === 0) {
        bareRps = await bareRun();
        appRps = await appRun();
      } else {
        appRps = await appRun();
        bareRps = await bareRun();
      }
      measured.push({ bareRps, appRps, ratio: appRps / bareRps });
    }
    return measured.sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds / 2)]!;
  } finally {
    await bare.close();
  }
}

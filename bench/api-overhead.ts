import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import type { App } from '../apps/server/src/app.ts';

const seconds = 5;

async function requestsPerSecond(url: string, headers: Record<string, string>): Promise<number> {
  const result = await autocannon({ url, headers, connections: 10, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/**
 * Requests per second of a portal call (with its site, session and actor resolution) against a bare Fastify
 * route answering the same JSON on the same machine, one after the other, loopback only, bounded in time.
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
    const bareRps = await requestsPerSecond(`${bareAddress}${path}`, {});
    const appRps = await requestsPerSecond(`${appAddress}${path}`, headers);
    return { bareRps, appRps, ratio: appRps / bareRps };
  } finally {
    await bare.close();
  }
}

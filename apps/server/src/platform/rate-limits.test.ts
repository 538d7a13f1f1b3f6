import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { HOSTS, useTestApp } from '../test-support/test-app.ts';

/** Like TEST_DATABASE_URL for PostgreSQL: the Redis case runs where a Redis answers (CI starts one). */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379), timeout: 1_000 });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/** A client address of its own per test and per run, so runs sharing one Redis never share counters. */
const someClient = () => `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}`;

/** POST /api/logs allows 60 calls a minute per client address. */
const logLine = (app: App, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/logs',
    remoteAddress,
    headers: { host: HOSTS.lumo },
    payload: { message: 'rate limit test', level: 'info' },
  });

async function callsAnswered(app: App, client: string, calls: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let call = 0; call < calls; call += 1) statuses.push((await logLine(app, client)).statusCode);
  return statuses;
}

describe('rate limits kept in process memory (no REDIS_URL)', () => {
  const first = useTestApp();
  const second = useTestApp();

  it('limits a client on one copy, and each copy counts on its own', async () => {
    const client = someClient();
    expect(await callsAnswered(first.app, client, 40)).toEqual(Array(40).fill(201));
    expect(await callsAnswered(second.app, client, 21)).toEqual(Array(21).fill(201));
    expect(await callsAnswered(first.app, client, 21)).toEqual([...Array(20).fill(201), 429]);
  });
});

if (await answers(redisUrl)) {
  describe(`rate limits kept in Redis (${redisUrl})`, () => {
    const first = useTestApp({ REDIS_URL: redisUrl });
    const second = useTestApp({ REDIS_URL: redisUrl });

    it('lets two server copies sharing one Redis allow the limit once between them', async () => {
      const client = someClient();
      expect(await callsAnswered(first.app, client, 40)).toEqual(Array(40).fill(201));
      expect(await callsAnswered(second.app, client, 21)).toEqual([...Array(20).fill(201), 429]);
      expect((await logLine(first.app, client)).statusCode).toBe(429);
    });
  });
}

describe('rate limits when Redis does not answer', () => {
  const ctx = useTestApp({ REDIS_URL: 'redis://127.0.0.1:9' });

  it('lets calls through rather than failing them', async () => {
    const response = await logLine(ctx.app, someClient());
    expect(response.statusCode).toBe(201);
  });
});

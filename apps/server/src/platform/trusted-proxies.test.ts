import { describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { HOSTS, useTestApp } from '../test-support/test-app.ts';

const PROXY = '10.0.0.1';
/**
 * A documentation address never handed out before in this file, so no test spends another's allowance (random ones
 * met once in 254 runs, and a test found its address already spent).
 */
let handedOut = 0;
const someClient = () => `198.51.100.${(handedOut += 1)}`;
const someOtherAddress = () => `203.0.113.${(handedOut += 1)}`;

/** POST /api/logs allows 60 calls a minute per client address. */
const logLine = (app: App, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/logs',
    remoteAddress,
    headers: { host: HOSTS.lumo, ...headers },
    payload: { message: 'proxy test', level: 'info' },
  });

async function spendAllowance(app: App, remoteAddress: string, headersOf: (call: number) => Record<string, string> = () => ({})) {
  for (let call = 0; call < 60; call += 1) expect((await logLine(app, remoteAddress, headersOf(call))).statusCode).toBe(201);
}

/** The same spoofing attempt against every configuration: a new X-Forwarded-For on every call. */
function refusesSpoofedForwardedFor(app: () => App) {
  it('counts a client that writes X-Forwarded-For itself by its own address', async () => {
    const client = someClient();
    const spoofed = (call: number) => ({ 'x-forwarded-for': `192.0.2.${call + 1}` });
    await spendAllowance(app(), client, spoofed);
    const next = await logLine(app(), client, { 'x-forwarded-for': '192.0.2.200' });
    expect(next.statusCode).toBe(429);
    expect(next.json()).toMatchObject({ name: 'RateLimitError', statusCode: 429 });
  });

  it('keeps the site of the Host header whatever X-Forwarded-Host says', async () => {
    for (const remoteAddress of [someClient(), PROXY]) {
      const response = await app().inject({
        url: '/api/site',
        remoteAddress,
        headers: { host: HOSTS.lumo, 'x-forwarded-host': HOSTS.virmalise },
      });
      expect(response.json()).toMatchObject({ id: 'lumo' });
    }
  });
}

describe('without TRUST_PROXY', () => {
  const ctx = useTestApp();
  refusesSpoofedForwardedFor(() => ctx.app);
});

describe('behind a trusted proxy (TRUST_PROXY=10.0.0.1)', () => {
  const ctx = useTestApp({ TRUST_PROXY: PROXY });
  refusesSpoofedForwardedFor(() => ctx.app);

  it('counts each client behind the proxy by the address the proxy reports', async () => {
    const first = someOtherAddress();
    const second = someOtherAddress();
    await spendAllowance(ctx.app, PROXY, () => ({ 'x-forwarded-for': first }));
    expect((await logLine(ctx.app, PROXY, { 'x-forwarded-for': second })).statusCode).toBe(201);
    expect((await logLine(ctx.app, PROXY, { 'x-forwarded-for': first })).statusCode).toBe(429);
  });

  it('believes only the proxy’s own entry, not what the client put before it', async () => {
    const client = someOtherAddress();
    await spendAllowance(ctx.app, PROXY, (call) => ({ 'x-forwarded-for': `192.0.2.${call + 1}, ${client}` }));
    expect((await logLine(ctx.app, PROXY, { 'x-forwarded-for': `192.0.2.250, ${client}` })).statusCode).toBe(429);
  });
});

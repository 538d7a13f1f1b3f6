import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import type { DatabaseHandle } from '../../platform/database.ts';
import { freePort } from '../../test-support/free-port.ts';
import { openTestDatabase } from '../../test-support/test-database.ts';
import { demoIdentityProvider } from './demo-identity-provider.ts';
import type { DemoIdentity } from './demo-idp-types.ts';

const CLIENT = {
  clientId: 'portal',
  clientSecret: 'portal-secret',
  redirectUris: ['http://localhost:3000/api/auth/callback/eid'],
};
const REDIRECT_URI = CLIENT.redirectUris[0]!;
const IDENTITIES: DemoIdentity[] = [
  { ssn: 'FI131052-308T', name: 'Aino Virtanen', email: 'aino.virtanen@example.fi', countryCode: 'FI' },
  { ssn: 'FI051168-318W', name: 'Liisa Uusitalo', email: null, countryCode: 'FI' },
  { ssn: 'EE38001085718', name: 'Jaan Tamm', email: 'jaan.tamm@example.ee', countryCode: 'EE' },
  { ssn: 'LV150385-12346', name: 'Anna Bērziņa', email: 'anna.berzina@example.lv', countryCode: 'LV' },
];

/** A browser as far as the flow needs one: cookies kept by name, redirects followed by the test. */
class Browser {
  private readonly cookies = new Map<string, string>();
  private readonly base: string;

  constructor(base: string) {
    this.base = base;
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(new URL(url, this.base), {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(5_000),
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

const locationOf = (response: Response) => {
  expect(response.status).toBe(303);
  return response.headers.get('location')!;
};

const decodeJwt = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'));

describe('demo identity provider', () => {
  let app: FastifyInstance;
  let port: number;
  let base: string;
  let issuer: string;
  let database: DatabaseHandle;
  let dropDatabase: () => Promise<void>;

  /** One copy of the service: every copy shares the issuer, the cookie keys and the database. */
  async function startCopy(listenOn: number): Promise<FastifyInstance> {
    const copy = Fastify();
    await copy.register(demoIdentityProvider, {
      issuer,
      clients: [CLIENT],
      identities: IDENTITIES,
      cookieKeys: ['test-cookie-key'],
      db: database.db,
    });
    await copy.listen({ host: '127.0.0.1', port: listenOn });
    return copy;
  }

  beforeAll(async () => {
    ({ handle: database, drop: dropDatabase } = await openTestDatabase());
    port = await freePort();
    base = `http://127.0.0.1:${port}`;
    issuer = `${base}/idp`;
    app = await startCopy(port);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await dropDatabase();
  });

  /** Starts an authorization request as Auth.js does and lands on the interaction page. */
  async function startSignIn(browser: Browser, extra: Record<string, string> = {}) {
    const verifier = randomBytes(32).toString('base64url');
    const state = randomBytes(8).toString('hex');
    const nonce = randomBytes(8).toString('hex');
    const query = new URLSearchParams({
      client_id: CLIENT.clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid profile email',
      state,
      nonce,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      ...extra,
    });
    const interactionPath = locationOf(await browser.fetch(`/idp/auth?${query}`));
    expect(interactionPath).toMatch(/^\/idp\/interaction\/[\w-]+$/);
    const page = await browser.fetch(interactionPath);
    expect(page.status).toBe(200);
    return { verifier, state, nonce, interactionPath, page, html: await page.text() };
  }

  const submit = (browser: Browser, interactionPath: string, action: 'login' | 'abort', fields: Record<string, string> = {}) =>
    browser.fetch(`${interactionPath}/${action}`, { method: 'POST', body: new URLSearchParams(fields) });

  /** Follows the provider's redirects until the browser is sent back to the client. */
  async function returnToClient(browser: Browser, response: Response): Promise<URL> {
    let location = locationOf(response);
    while (!location.startsWith(REDIRECT_URI)) location = locationOf(await browser.fetch(location));
    return new URL(location);
  }

  async function exchange(code: string, verifier: string, authentication: 'basic' | 'post') {
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    const headers: Record<string, string> = {};
    if (authentication === 'basic') {
      headers.authorization = `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}`;
    } else {
      body.set('client_id', CLIENT.clientId);
      body.set('client_secret', CLIENT.clientSecret);
    }
    const response = await fetch(`${issuer}/token`, { method: 'POST', headers, body, signal: AbortSignal.timeout(5_000) });
    expect(response.status).toBe(200);
    return (await response.json()) as { id_token: string; access_token: string };
  }

  it('publishes its discovery document under /idp', async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(5_000) });
    expect(response.status).toBe(200);
    const discovery = await response.json();
    expect(discovery).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      code_challenge_methods_supported: ['S256'],
      acr_values_supported: ['eid', 'telecom'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    });
  });

  it('signs the chosen person in through the authorization code flow, in the requested language', async () => {
    const browser = new Browser(base);
    const { verifier, state, nonce, interactionPath, page, html } = await startSignIn(browser, { ui_locales: 'et' });
    expect(html).toContain('<html lang="et">');
    expect(html).toContain('Demo e-ID teenus');
    expect(html).toContain('Jaan Tamm');
    const styleNonce = /<style nonce="([^"]+)">/.exec(html)![1];
    expect(page.headers.get('content-security-policy')).toContain(`style-src 'nonce-${styleNonce}'`);

    const callback = await returnToClient(
      browser,
      await submit(browser, interactionPath, 'login', { identity: 'EE38001085718', method: 'smart-id' }),
    );
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('iss')).toBe(issuer);
    const tokens = await exchange(callback.searchParams.get('code')!, verifier, 'basic');

    expect(decodeJwt(tokens.id_token)).toMatchObject({
      iss: issuer,
      aud: CLIENT.clientId,
      sub: 'EE38001085718',
      name: 'Jaan Tamm',
      given_name: 'Jaan',
      family_name: 'Tamm',
      email: 'jaan.tamm@example.ee',
      email_verified: true,
      country: 'EE',
      amr: ['smart-id'],
      acr: 'eid',
      nonce,
    });
  });

  it('asks again on the next sign-in in the same browser, so a demo can switch people', async () => {
    const browser = new Browser(base);
    const first = await startSignIn(browser);
    const choice = { identity: 'EE38001085718', method: 'id-card' };
    await returnToClient(browser, await submit(browser, first.interactionPath, 'login', choice));

    const second = await startSignIn(browser);
    const callback = await returnToClient(
      browser,
      await submit(browser, second.interactionPath, 'login', { identity: 'FI051168-318W', method: 'bank-op' }),
    );
    const tokens = await exchange(callback.searchParams.get('code')!, second.verifier, 'post');
    const claims = decodeJwt(tokens.id_token);
    expect(claims).toMatchObject({ sub: 'FI051168-318W', amr: ['bank-op'], country: 'FI' });
    expect(claims).not.toHaveProperty('email');
  });

  it('offers only telecom methods when acr_values=telecom and refuses anything else', async () => {
    const browser = new Browser(base);
    const { verifier, interactionPath, html } = await startSignIn(browser, { acr_values: 'telecom' });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Mobile certificate');
    expect(html).toContain('Mobile-ID');
    expect(html).not.toContain('Smart-ID');
    expect(html).not.toContain('Anna Bērziņa');

    const latvian = await submit(browser, interactionPath, 'login', { identity: 'LV150385-12346', method: 'mobile-id' });
    expect(latvian.status).toBe(400);
    expect(latvian.headers.get('content-type')).toContain('text/html');
    const bank = await submit(browser, interactionPath, 'login', { identity: 'FI131052-308T', method: 'bank-op' });
    expect(bank.status).toBe(400);

    const callback = await returnToClient(
      browser,
      await submit(browser, interactionPath, 'login', { identity: 'FI131052-308T', method: 'mobile-certificate' }),
    );
    const tokens = await exchange(callback.searchParams.get('code')!, verifier, 'post');
    expect(decodeJwt(tokens.id_token)).toMatchObject({ sub: 'FI131052-308T', amr: ['mobile-certificate'], acr: 'telecom' });
  });

  it('sends the person back with access_denied when they cancel', async () => {
    const browser = new Browser(base);
    const { state, interactionPath } = await startSignIn(browser);
    const callback = await returnToClient(browser, await submit(browser, interactionPath, 'abort'));
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('error_description')).toBe('The person cancelled');
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.has('code')).toBe(false);
  });

  it('refuses an unknown client with an error page', async () => {
    const query = new URLSearchParams({
      client_id: 'stranger',
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      scope: 'openid',
    });
    const response = await new Browser(base).fetch(`/idp/auth?${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('content-security-policy')).toMatch(/style-src 'nonce-/);
    expect(await response.text()).toContain('invalid_client');
  });

  it('answers 400 pages, never 500, to a person not in the list or a lost interaction', async () => {
    const browser = new Browser(base);
    const { interactionPath } = await startSignIn(browser);
    const stranger = await submit(browser, interactionPath, 'login', { identity: 'EE00000000000', method: 'smart-id' });
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain('This choice is not available');

    const withoutCookies = await new Browser(base).fetch(interactionPath);
    expect(withoutCookies.status).toBe(400);
    expect(withoutCookies.headers.get('content-type')).toContain('text/html');
  });

  it('starts without warning that its state would be lost', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const copy = await startCopy(await freePort());
      await copy.close();
      expect(warn.mock.calls.flat().join('\n')).not.toContain('oidc-provider');
    } finally {
      warn.mockRestore();
    }
  });

  it('finishes after a restart a sign-in begun before it', async () => {
    const browser = new Browser(base);
    const { verifier, interactionPath } = await startSignIn(browser);
    await app.close();
    app = await startCopy(port);

    const callback = await returnToClient(
      browser,
      await submit(browser, interactionPath, 'login', { identity: 'LV150385-12346', method: 'smart-id' }),
    );
    const tokens = await exchange(callback.searchParams.get('code')!, verifier, 'basic');
    expect(decodeJwt(tokens.id_token)).toMatchObject({ sub: 'LV150385-12346', amr: ['smart-id'] });
  });

  it('lets one server copy finish what another began, and redeems a code only once', async () => {
    const otherPort = await freePort();
    const other = await startCopy(otherPort);
    try {
      // The person signs in on the other copy; the portal redeems the code at the first.
      const browser = new Browser(`http://127.0.0.1:${otherPort}`);
      const { verifier, interactionPath } = await startSignIn(browser);
      const callback = await returnToClient(
        browser,
        await submit(browser, interactionPath, 'login', { identity: 'FI131052-308T', method: 'bank-op' }),
      );
      const code = callback.searchParams.get('code')!;
      const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier });
      const redeem = (at: string) =>
        fetch(`${at}/idp/token`, {
          method: 'POST',
          headers: { authorization: `Basic ${Buffer.from(`${CLIENT.clientId}:${CLIENT.clientSecret}`).toString('base64')}` },
          body,
          signal: AbortSignal.timeout(5_000),
        });
      const first = await redeem(base);
      expect(first.status).toBe(200);
      expect(decodeJwt(((await first.json()) as { id_token: string }).id_token)).toMatchObject({ sub: 'FI131052-308T' });
      const replay = await redeem(`http://127.0.0.1:${otherPort}`);
      expect(replay.status).toBe(400);
      expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    } finally {
      await other.close();
    }
  });
});

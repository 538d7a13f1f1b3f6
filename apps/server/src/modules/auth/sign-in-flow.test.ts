import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, person } from '../../db/schema/identity.ts';
import { testBrowser } from '../../test-support/browser.ts';
import { useTestApp } from '../../test-support/test-app.ts';

describe('sign-in through the local e-ID service', () => {
  const ctx = useTestApp({}, { listen: true });
  const portal = () => `http://lumo.localhost:${ctx.config.port}`;

  async function signIn(browser: ReturnType<typeof testBrowser>, ssn: string, callbackUrl: string, provider = 'eid', method = 'bank-op') {
    const csrf = (await browser.request(`${portal()}/api/auth/csrf`)).json().csrfToken as string;
    const start = await browser.request(`${portal()}/api/auth/signin/${provider}?ui_locales=fi`, {
      method: 'POST',
      form: { csrfToken: csrf, callbackUrl },
    });
    expect(start.statusCode).toBe(302);
    const toIdp = await browser.follow(start, `${portal()}/api/auth/signin/${provider}`);
    expect(toIdp.url).toContain('/idp/interaction/');
    expect(toIdp.response.body).toContain('Aino Virtanen');
    const chosen = await browser.request(`${toIdp.url}/login`, { method: 'POST', form: { identity: ssn, method } });
    return browser.follow(chosen, `${toIdp.url}/login`);
  }

  it('comes back signed in, to the callback address, with the spec session', async () => {
    const browser = testBrowser(ctx.app);
    const back = await signIn(browser, 'FI131052-308T', '/invoices?type=unpaid');
    expect(back.url).toBe(`${portal()}/invoices?type=unpaid`);
    const host = new URL(portal()).host;
    expect(browser.cookies(host)['authjs.session-token']).toBeTruthy();

    const session = (await browser.request(`${portal()}/api/auth/session`)).json();
    expect(session).toMatchObject({
      user: { name: 'Aino Virtanen', ssn: 'FI131052-308T', clientCode: 'LUMO-100001', verified: true },
      userOrRepresentativeCode: 'rc-lumo-aino',
    });
    expect(session.features).toContain('COOKIE_CONSENT');
    expect(Date.parse(session.user.verifiedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("signs in from the sign-in page as the server drew it, without script: its form posts the page's CSRF token", async () => {
    const browser = testBrowser(ctx.app);
    const page = await browser.request(`${portal()}/auth/signin?callbackUrl=%2Finvoices`);
    expect(page.statusCode).toBe(200);
    const json = /<script id="portal-bootstrap" type="application\/json" nonce="[^"]+">(.*?)<\/script>/s.exec(page.body)?.[1];
    const { signInForm } = JSON.parse(json ?? 'null');
    expect(signInForm.providers).toEqual([expect.objectContaining({ id: 'eid', type: 'oidc' })]);
    // The token the page carries is the one of the cookie the same answer set (Auth.js's double submit).
    expect(page.cookies.find((cookie) => cookie.name === 'authjs.csrf-token')?.value).toMatch(
      new RegExp(`^${signInForm.csrfToken}(%7C|\\|)`),
    );
    // What the page's form posts (features/auth/sign-in-page.tsx), as a browser posts a form: no header of the app's.
    const start = await browser.request(`${portal()}/api/auth/signin/eid?ui_locales=fi`, {
      method: 'POST',
      form: { csrfToken: signInForm.csrfToken, callbackUrl: '/invoices' },
    });
    expect(start.statusCode).toBe(302);
    const toIdp = await browser.follow(start, `${portal()}/api/auth/signin/eid`);
    expect(toIdp.url).toContain('/idp/interaction/');
    const chosen = await browser.request(`${toIdp.url}/login`, { method: 'POST', form: { identity: 'FI131052-308T', method: 'bank-op' } });
    expect((await browser.follow(chosen, `${toIdp.url}/login`)).url).toBe(`${portal()}/invoices`);
    // Signed in, the sign-in page carries no form: the app sends the person on.
    const again = await browser.request(`${portal()}/auth/signin`);
    expect(JSON.parse(/<script id="portal-bootstrap"[^>]*>(.*?)<\/script>/s.exec(again.body)![1]!).signInForm).toBeNull();
  });

  it('sets the session cookie secure, httpOnly, SameSite=Lax for about ten years', async () => {
    const browser = testBrowser(ctx.app);
    const csrf = (await browser.request(`${portal()}/api/auth/csrf`)).json().csrfToken as string;
    const start = await browser.request(`${portal()}/api/auth/signin/eid`, {
      method: 'POST',
      form: { csrfToken: csrf, callbackUrl: '/dashboard' },
    });
    const toIdp = await browser.follow(start, `${portal()}/api/auth/signin/eid`);
    const chosen = await browser.request(`${toIdp.url}/login`, {
      method: 'POST',
      form: { identity: 'FI010101-123N', method: 'bank-nordea' },
    });
    let hop = chosen;
    let base = `${toIdp.url}/login`;
    let sessionCookie;
    while (hop.headers.location && !sessionCookie) {
      base = new URL(String(hop.headers.location), base).toString();
      hop = await browser.request(base);
      sessionCookie = hop.cookies.find((cookie) => cookie.name === 'authjs.session-token');
    }
    expect(sessionCookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    const seconds = ((sessionCookie?.expires?.getTime() ?? 0) - Date.now()) / 1000;
    expect(seconds).toBeGreaterThan(315_360_000 - 120);
  });

  it('never sends the person to another site, whatever the callback says', async () => {
    const browser = testBrowser(ctx.app);
    const back = await signIn(browser, 'FI131052-308T', 'https://evil.example/steal');
    expect(new URL(back.url).origin).toBe(portal());
    expect(back.url).toBe(`${portal()}/dashboard`);
  });

  it('records the first sign-in of a person the utility did not know yet', async () => {
    const browser = testBrowser(ctx.app);
    await signIn(browser, 'FI051168-318W', '/dashboard');
    const [newcomer] = await ctx.database.db.select().from(person).where(eq(person.ssn, 'FI051168-318W'));
    expect(newcomer?.verifiedAt).toBeTruthy();
    const info = await browser.request(`${portal()}/api/info`);
    expect(info.json()).toMatchObject({ person: { name: 'Liisa Uusitalo' }, customer: null });
  });

  it('ends the session on the server at sign-out', async () => {
    const browser = testBrowser(ctx.app);
    await signIn(browser, 'FI131052-308T', '/dashboard');
    const csrf = (await browser.request(`${portal()}/api/auth/csrf`)).json().csrfToken as string;
    const host = new URL(portal()).host;
    const token = browser.cookies(host)['authjs.session-token'];
    const out = await browser.request(`${portal()}/api/auth/signout`, { method: 'POST', form: { csrfToken: csrf, callbackUrl: '/' } });
    expect(out.statusCode).toBe(302);
    // The old token, replayed, opens nothing.
    const replay = await ctx.app.inject({ url: '/api/me', headers: { host, cookie: `authjs.session-token=${token}` } });
    expect(replay.statusCode).toBe(401);
  });

  it('refuses a forged CSRF token and an unknown provider, each with a reason and an audit line', async () => {
    const browser = testBrowser(ctx.app);
    await browser.request(`${portal()}/api/auth/csrf`);
    const forged = await browser.request(`${portal()}/api/auth/signin/eid`, {
      method: 'POST',
      form: { csrfToken: 'forged', callbackUrl: '/' },
    });
    expect(forged.statusCode).toBe(302);
    expect(String(forged.headers.location)).toMatch(/\/auth\/signin\?error=MissingCSRF/);
    const asClient = await browser.request(`${portal()}/api/auth/signin/eid`, {
      method: 'POST',
      form: { csrfToken: 'forged', callbackUrl: '/' },
      headers: { 'x-auth-return-redirect': '1' },
    });
    expect(asClient.statusCode).toBe(400);
    expect(asClient.json()).toMatchObject({ code: 'SIGN_IN_REFUSED', statusCode: 400 });
    expect(asClient.json().message).toContain('MissingCSRF');
    const csrf = (await browser.request(`${portal()}/api/auth/csrf`)).json().csrfToken as string;
    const unknown = await browser.request(`${portal()}/api/auth/signin/facebook`, {
      method: 'POST',
      form: { csrfToken: csrf, callbackUrl: '/' },
      headers: { 'x-auth-return-redirect': '1' },
    });
    expect(unknown.statusCode).toBe(400);
    const refusals = await ctx.database.db.select().from(auditLog).where(eq(auditLog.outcome, 'refused'));
    expect(refusals.map((entry) => entry.details)).toEqual(expect.arrayContaining(['MissingCSRF']));
    expect(refusals.length).toBeGreaterThanOrEqual(3);
    expect(browser.cookies(new URL(portal()).host)['authjs.session-token']).toBeUndefined();
  });

  it('limits sign-in attempts per address with 429 and Retry-After', async () => {
    let last;
    for (let attempt = 0; attempt < 12; attempt++) {
      last = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/signin/eid',
        headers: { host: new URL(portal()).host, 'x-forwarded-for': '192.0.2.77', 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'csrfToken=x&callbackUrl=%2F',
        remoteAddress: '192.0.2.77',
      });
      if (last.statusCode === 429) break;
    }
    expect(last?.statusCode).toBe(429);
    expect(last?.headers['retry-after']).toBeTruthy();
  });
});

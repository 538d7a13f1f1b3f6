import { describe, expect, it } from 'vitest';
import { HOSTS, useTestApp } from '../test-support/test-app.ts';
import { PEOPLE, sessionCookieFor } from '../test-support/sessions.ts';

type Persona = 'anonymous' | 'customerA' | 'customerB' | 'representative' | 'staff' | 'otherSiteAdmin' | 'siteAdmin';

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown; expected: Record<Persona, number> };

const everyone = (status: number): Record<Persona, number> => ({
  anonymous: status,
  customerA: status,
  customerB: status,
  representative: status,
  staff: status,
  otherSiteAdmin: status,
  siteAdmin: status,
});
const signedIn = (status: number): Record<Persona, number> => ({ ...everyone(status), anonymous: 401 });

/**
 * Every route built so far, for every kind of caller. Grows with each module: a new route without a row
 * here is a route nobody proved safe.
 */
const calls: Call[] = [
  { method: 'GET', url: '/api/site', expected: everyone(200) },
  { method: 'GET', url: '/api/translations/en-GB', expected: everyone(200) },
  { method: 'GET', url: '/api/countries', expected: everyone(200) },
  { method: 'GET', url: '/api/countries/EE', expected: everyone(200) },
  { method: 'GET', url: '/api/external-services?type=PRIVACY_POLICY', expected: everyone(200) },
  { method: 'POST', url: '/api/logs', body: { message: 'matrix', level: 'info' }, expected: everyone(201) },
  { method: 'GET', url: '/api/me', expected: signedIn(200) },
  {
    method: 'PUT',
    url: '/api/me',
    body: { email: null, phone: '+358 40 1234567', preferredLocale: 'fi-FI', contactPreference: 'phone' },
    expected: signedIn(200),
  },
  { method: 'GET', url: '/api/me/representatives', expected: signedIn(200) },
  {
    method: 'POST',
    url: '/api/me/representatives',
    body: { representativeCode: 'rc-lumo-aino-revontuli' },
    expected: { ...signedIn(403), customerA: 200, representative: 200 },
  },
  { method: 'GET', url: '/api/info', expected: signedIn(200) },
  {
    method: 'POST',
    url: '/api/staff/acting-customer',
    body: { clientCode: 'LUMO-100002' },
    expected: { ...signedIn(403), staff: 200 },
  },
  { method: 'DELETE', url: '/api/staff/acting-customer', expected: { ...signedIn(403), staff: 204 } },
  { method: 'GET', url: '/api/admin/locales', expected: { ...signedIn(403), siteAdmin: 200, otherSiteAdmin: 200 } },
  { method: 'GET', url: '/api/admin/site/lumo/domains', expected: { ...signedIn(403), siteAdmin: 200 } },
  { method: 'GET', url: '/api/admin/site/lumo/locales', expected: { ...signedIn(403), siteAdmin: 200 } },
];

describe('authorization matrix', () => {
  const ctx = useTestApp();

  async function cookiesFor(persona: Persona): Promise<{ host: string; cookie?: string }> {
    const db = ctx.database.db;
    switch (persona) {
      case 'anonymous':
        return { host: HOSTS.lumo };
      case 'customerA':
        return { host: HOSTS.lumo, cookie: await sessionCookieFor(db, PEOPLE.aino, 'lumo') };
      case 'customerB':
        return { host: HOSTS.lumo, cookie: await sessionCookieFor(db, PEOPLE.mikko, 'lumo') };
      case 'representative':
        return { host: HOSTS.lumo, cookie: await sessionCookieFor(db, PEOPLE.aino, 'lumo', 'representative-code=rc-lumo-aino-revontuli') };
      case 'staff':
        return { host: HOSTS.lumo, cookie: await sessionCookieFor(db, PEOPLE.sannaStaff, 'lumo') };
      case 'siteAdmin':
        return { host: HOSTS.lumo, cookie: await sessionCookieFor(db, PEOPLE.jukkaAdmin, 'lumo') };
      case 'otherSiteAdmin':
        // An administrator of Virmalise, signed in there, reaching for Lumo's settings by id.
        return { host: HOSTS.virmalise, cookie: await sessionCookieFor(db, PEOPLE.toomasAdmin, 'virmalise') };
    }
  }

  for (const call of calls) {
    for (const persona of Object.keys(call.expected) as Persona[]) {
      it(`${call.method} ${call.url} as ${persona} → ${call.expected[persona]}`, async () => {
        const { host, cookie } = await cookiesFor(persona);
        const response = await ctx.app.inject({
          method: call.method,
          url: call.url,
          headers: { host, ...(cookie ? { cookie } : {}), ...(call.body ? { 'content-type': 'application/json' } : {}) },
          payload: call.body ? JSON.stringify(call.body) : undefined,
        });
        expect(response.statusCode, response.body).toBe(call.expected[persona]);
      });
    }
  }
});

describe("one customer never sees another's data", () => {
  const ctx = useTestApp();

  it("answers customer A's own profile and nothing of customer B's", async () => {
    const db = ctx.database.db;
    const a = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
    for (const url of ['/api/me', '/api/info', '/api/me/representatives', '/api/auth/session']) {
      const response = await ctx.app.inject({ url, headers: { host: HOSTS.lumo, cookie: a } });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('Mikko');
      expect(response.body).not.toContain(PEOPLE.mikko);
      expect(response.body).not.toContain('LUMO-100002');
    }
  });

  it('does not open a session of one site on another', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const response = await ctx.app.inject({ url: '/api/me', headers: { host: HOSTS.virmalise, cookie } });
    expect(response.statusCode).toBe(401);
  });

  it('refuses an expired session', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    const { authSession } = await import('../db/schema/identity.ts');
    const { eq } = await import('drizzle-orm');
    await ctx.database.db
      .update(authSession)
      .set({ expires: new Date(Date.now() - 1000) })
      .where(eq(authSession.sessionToken, cookie.split('=')[1]!));
    const response = await ctx.app.inject({ url: '/api/me', headers: { host: HOSTS.lumo, cookie } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'SESSION_REQUIRED' });
  });
});

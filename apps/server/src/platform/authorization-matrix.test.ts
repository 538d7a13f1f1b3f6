import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoEnergy } from '../db/seed/demo-energy.ts';
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
/** Calls of a customer's own data: people with no customer on the site (staff not acting, admins) get 403. */
const customersOnly = (status: number): Record<Persona, number> => ({ ...signedIn(403), customerA: status, customerB: status, representative: status });

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
  // Energy data (issue 4): customers see their own; another customer's metering point, object or contract is 404.
  ...[
    '/api/dashboard/locations',
    '/api/dashboard/statistics/consumption',
    '/api/dashboard/statistics/production?period=year',
    '/api/dashboard/statistics/spot',
    '/api/dashboard/statistics/expenses',
    '/api/dashboard/yearly-consumption',
    '/api/locations',
    '/api/locations/gsrn',
    '/api/usage-points/me',
  ].map((url): Call => ({ method: 'GET', url, expected: customersOnly(200) })),
  {
    method: 'POST',
    url: '/api/usage-points/search',
    body: { searchType: 'ADDRESS', searchQuery: { address: 'Espoo' } },
    expected: customersOnly(200),
  },
  ...[
    '/api/charts/readings?series[]=consumption&series[]=1&from=2026-01-01&to=2026-01-31&meteringPointId=mp-lumo-aino-el',
    '/api/locations/cost-estimation?objects[]=obj-lumo-aino-home',
    '/api/usage-points/technical-data?meteringPointId=mp-lumo-aino-el',
    '/api/contracts/ct-lumo-aino-el/readings/metadata',
  ].map((url): Call => ({ method: 'GET', url, expected: { ...customersOnly(404), customerA: 200 } })),
  // Invoices and payments (issue 5): each customer sees only their own (invoices.test.ts proves B gets nothing
  // of A's); a missing invoice is 404, a missing download 204 (spec §7).
  { method: 'GET', url: '/api/invoices', expected: customersOnly(200) },
  { method: 'GET', url: '/api/invoices?type=overdue&sort=-total&page=2&pageSize=10', expected: customersOnly(200) },
  { method: 'GET', url: '/api/dashboard/invoices', expected: customersOnly(200) },
  { method: 'GET', url: '/api/invoices/NO-SUCH-INVOICE', expected: customersOnly(404) },
  { method: 'PUT', url: '/api/invoices/NO-SUCH-INVOICE/postpone', body: { dueDate: '2030-01-15' }, expected: customersOnly(404) },
  { method: 'GET', url: '/api/invoices/00000000-0000-4000-8000-000000000000/download', expected: customersOnly(204) },
  { method: 'GET', url: '/api/invoices/00000000-0000-4000-8000-000000000000/download/csv', expected: customersOnly(204) },
  { method: 'POST', url: '/api/invoices/NO-SUCH-INVOICE/payments', body: {}, expected: customersOnly(404) },
  { method: 'GET', url: '/api/payments/00000000-0000-4000-8000-000000000000', expected: customersOnly(404) },
  // Provider callbacks carry no session: the signature decides (payments.test.ts), so an unsigned one is 401 for all.
  { method: 'POST', url: '/api/payments/callback/SIMULATOR', body: { reference: 'SIM-x' }, expected: everyone(401) },
  { method: 'GET', url: '/api/banks?type=payment', expected: everyone(200) },
  { method: 'GET', url: '/api/banks?type=e-invoice', expected: everyone(200) },
  { method: 'GET', url: '/api/banks/operators', expected: everyone(200) },
];

describe('authorization matrix', () => {
  const ctx = useTestApp();
  // Two days of the Lumo customers' energy data, so the energy calls have something of their own to answer.
  beforeAll(() => seedDemoEnergy(ctx.database.db, { historyDays: 2, clientCodes: ['LUMO-100001', 'LUMO-100002', 'LUMO-200001'] }));

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

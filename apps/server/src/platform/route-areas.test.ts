import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { person } from '../db/schema/identity.ts';
import { PEOPLE, sessionCookieFor } from '../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../test-support/test-app.ts';

describe('area guards run before validation', () => {
  const ctx = useTestApp();

  // The audit saw strangers get 400 with the input schema's details from protected routes.
  it.each([
    ['GET', '/api/charts/readings'],
    ['PUT', '/api/invoices/X-1/postpone'],
    ['POST', '/api/usage-points/search'],
    ['GET', '/api/locations/cost-estimation'],
    ['PUT', '/api/me'],
    ['POST', '/api/staff/acting-customer'],
  ] as const)('answers an anonymous %s %s with 401 and no schema details', async (method, url) => {
    const response = await ctx.app.inject({
      method,
      url,
      headers: { host: HOSTS.lumo, 'content-type': 'application/json' },
      payload: method === 'GET' ? undefined : '{}',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'SESSION_REQUIRED' });
    expect(response.json().issues).toBeUndefined();
  });

  it('answers a call of a feature the site does not offer with 404, whatever its input', async () => {
    // Virmalise offers invoices but not their CSV download.
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.jaan, 'virmalise');
    const response = await ctx.app.inject({ url: '/api/invoices/not-even-an-id/download/csv', headers: { host: HOSTS.virmalise, cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'FEATURE_DISABLED' });
  });

  it('keeps personal answers out of caches and leaves public ones alone', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const me = await ctx.app.inject({ url: '/api/me', headers: { host: HOSTS.lumo, cookie } });
    expect(me.headers['cache-control']).toBe('no-store');
    const invoices = await ctx.app.inject({ url: '/api/invoices', headers: { host: HOSTS.lumo, cookie } });
    expect(invoices.headers['cache-control']).toBe('no-store');
    const refused = await ctx.app.inject({ url: '/api/admin/locales', headers: { host: HOSTS.lumo, cookie } });
    expect(refused.headers['cache-control']).toBe('no-store');
    const site = await ctx.app.inject({ url: '/api/site', headers: { host: HOSTS.lumo } });
    expect(site.headers['cache-control']).not.toBe('no-store');
  });
});

describe('re-verification is enforced by the server', () => {
  const ctx = useTestApp({ REVERIFICATION_PERIOD_SECONDS: '600' });

  async function signedInVerifiedAgo(ssn: string, seconds: number) {
    const cookie = await sessionCookieFor(ctx.database.db, ssn, 'lumo');
    await ctx.database.db
      .update(person)
      .set({ verifiedAt: new Date(Date.now() - seconds * 1000) })
      .where(eq(person.ssn, ssn));
    return cookie;
  }

  const send = (method: 'PUT' | 'POST', url: string, cookie: string, body: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { host: HOSTS.lumo, cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('refuses a profile change after the period with a code the web turns into the e-ID prompt, and changes nothing', async () => {
    const cookie = await signedInVerifiedAgo(PEOPLE.mikko, 601);
    const stale = await send('PUT', '/api/me', cookie, {
      email: 'stolen@example.com',
      phone: null,
      preferredLocale: null,
      contactPreference: 'email',
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ code: 'REVERIFICATION_REQUIRED' });
    const [row] = await ctx.database.db.select().from(person).where(eq(person.ssn, PEOPLE.mikko));
    expect(row!.email).not.toBe('stolen@example.com');
    // Reading stays possible: only changes need a fresh verification.
    expect((await ctx.app.inject({ url: '/api/me', headers: { host: HOSTS.lumo, cookie } })).statusCode).toBe(200);

    const fresh = await signedInVerifiedAgo(PEOPLE.mikko, 30);
    const allowed = await send('PUT', '/api/me', fresh, { email: null, phone: null, preferredLocale: null, contactPreference: 'email' });
    expect(allowed.statusCode).toBe(200);
  });

  it('refuses acting for a customer and starting a payment after the period', async () => {
    const staff = await signedInVerifiedAgo(PEOPLE.sannaStaff, 3600);
    const acting = await send('POST', '/api/staff/acting-customer', staff, { clientCode: 'LUMO-100002' });
    expect(acting.json()).toMatchObject({ statusCode: 401, code: 'REVERIFICATION_REQUIRED' });
    expect(acting.headers['set-cookie']).toBeUndefined();

    const customer = await signedInVerifiedAgo(PEOPLE.aino, 3600);
    const paying = await send('POST', '/api/invoices/ANY-1/payments', customer, {});
    expect(paying.json()).toMatchObject({ statusCode: 401, code: 'REVERIFICATION_REQUIRED' });
  });

  it('refuses redirecting invoices and changing the site after the period, before looking at the input', async () => {
    const customer = await signedInVerifiedAgo(PEOPLE.aino, 3600);
    for (const [method, url] of [
      ['PUT', '/api/me/addresses/billing'],
      ['POST', '/api/contracts/any-contract/change-billing-channels'],
    ] as const) {
      expect((await send(method, url, customer, {})).json(), url).toMatchObject({ statusCode: 401, code: 'REVERIFICATION_REQUIRED' });
    }
    const admin = await signedInVerifiedAgo(PEOPLE.jukkaAdmin, 3600);
    const adding = await send('POST', '/api/admin/site/lumo/feedback-form/add', admin, {});
    expect(adding.json()).toMatchObject({ statusCode: 401, code: 'REVERIFICATION_REQUIRED' });
  });
});

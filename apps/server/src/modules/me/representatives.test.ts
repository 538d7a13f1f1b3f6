import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/identity.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';

describe('acting for someone else', () => {
  const ctx = useTestApp();
  const lastAudit = async () => (await ctx.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

  it('lists the person themself and the company they represent, the acting one marked', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const response = await ctx.app.inject({ url: '/api/me/representatives', headers: { host: HOSTS.lumo, cookie } });
    expect(response.json()).toEqual([
      {
        representativeCode: 'rc-lumo-aino',
        clientCode: 'LUMO-100001',
        name: 'Aino Virtanen',
        type: 'private',
        relation: 'self',
        active: true,
      },
      {
        representativeCode: 'rc-lumo-aino-revontuli',
        clientCode: 'LUMO-200001',
        name: 'Revontuli Sauna Oy',
        type: 'legal',
        relation: 'representative',
        active: false,
      },
    ]);
  });

  it('switches to the company with a secure, httpOnly cookie and acts for it from then on', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/representatives',
      headers: { host: HOSTS.lumo, cookie, 'content-type': 'application/json' },
      payload: { representativeCode: 'rc-lumo-aino-revontuli' },
    });
    expect(response.statusCode).toBe(200);
    const set = response.cookies.find((candidate) => candidate.name === 'representative-code');
    expect(set).toMatchObject({ value: 'rc-lumo-aino-revontuli', secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    const info = await ctx.app.inject({
      url: '/api/info',
      headers: { host: HOSTS.lumo, cookie: `${cookie}; representative-code=${set!.value}` },
    });
    expect(info.json()).toMatchObject({ actingAs: 'representative', customer: { clientCode: 'LUMO-200001', type: 'legal' } });
    const session = await ctx.app.inject({
      url: '/api/auth/session',
      headers: { host: HOSTS.lumo, cookie: `${cookie}; representative-code=${set!.value}` },
    });
    expect(session.json()).toMatchObject({
      userOrRepresentativeCode: 'rc-lumo-aino-revontuli',
      user: { clientCode: 'LUMO-200001', verified: true },
    });
  });

  it('gives each session, and each customer acted for, a form-draft key of its own (spec §4)', async () => {
    const info = async (cookie: string) => (await ctx.app.inject({ url: '/api/info', headers: { host: HOSTS.lumo, cookie } })).json();
    const first = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const own = (await info(first)).draftKey as string;
    expect(Buffer.from(own, 'base64')).toHaveLength(32);
    expect((await info(first)).draftKey).toBe(own);
    expect((await info(`${first}; representative-code=rc-lumo-aino-revontuli`)).draftKey).not.toBe(own);
    const second = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    expect((await info(second)).draftKey).not.toBe(own);
  });

  it("refuses another person's code with 403, sets nothing and writes an audit line", async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/me/representatives',
      headers: { host: HOSTS.lumo, cookie, 'content-type': 'application/json' },
      payload: { representativeCode: 'rc-lumo-aino-revontuli' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('REPRESENTATIVE_CODE_INVALID');
    expect(response.cookies).toEqual([]);
    expect(await lastAudit()).toMatchObject({ action: 'POST /api/me/representatives', outcome: 'refused', siteId: 'lumo' });
  });

  it('drops a tampered representative cookie: the person acts for themself, the cookie is cleared, the attempt audited', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo', 'representative-code=rc-lumo-aino-revontuli');
    const response = await ctx.app.inject({ url: '/api/info', headers: { host: HOSTS.lumo, cookie } });
    expect(response.json()).toMatchObject({ actingAs: 'self', customer: { clientCode: 'LUMO-100002' } });
    expect(response.cookies.find((candidate) => candidate.name === 'representative-code')?.value).toBe('');
    expect(await lastAudit()).toMatchObject({ action: 'act-as representative-code', outcome: 'refused' });
  });

  it('lets customer service act for a customer of their site, auditing every call, and not for another site', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.sannaStaff, 'lumo');
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/staff/acting-customer',
      headers: { host: HOSTS.lumo, cookie, 'content-type': 'application/json' },
      payload: { clientCode: 'LUMO-100001' },
    });
    expect(start.json()).toEqual({ clientCode: 'LUMO-100001', name: 'Aino Virtanen' });
    const staffCookie = `${cookie}; cs-representative-code=LUMO-100001`;
    const info = await ctx.app.inject({ url: '/api/info', headers: { host: HOSTS.lumo, cookie: staffCookie } });
    expect(info.json()).toMatchObject({ actingAs: 'staff', customer: { clientCode: 'LUMO-100001' }, staffRoles: ['customer-service'] });
    const [entry] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'GET /api/info'));
    expect(entry).toMatchObject({ outcome: '200', siteId: 'lumo' });

    const foreign = await ctx.app.inject({
      method: 'POST',
      url: '/api/staff/acting-customer',
      headers: { host: HOSTS.lumo, cookie, 'content-type': 'application/json' },
      payload: { clientCode: 'VE-500102' },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('profile', () => {
  const ctx = useTestApp();
  const put = (cookie: string, body: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/me',
      headers: { host: HOSTS.lumo, cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('saves contact details with the phone number in international form; a new e-mail waits for its link', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    const response = await put(cookie, {
      email: 'Mikko.K@Example.fi',
      phone: '040 123 4567',
      preferredLocale: 'sv-FI',
      contactPreference: 'phone',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      pendingEmail: 'mikko.k@example.fi',
      phone: '+358401234567',
      preferredLocale: 'sv-FI',
      ssn: PEOPLE.mikko,
    });
  });

  it('refuses a bad phone, a bad e-mail and a taken e-mail, and changes nothing', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const before = (await ctx.app.inject({ url: '/api/me', headers: { host: HOSTS.lumo, cookie } })).json();
    const badPhone = await put(cookie, { email: null, phone: '12', preferredLocale: null, contactPreference: 'email' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().code).toBe('INVALID_PHONE');
    // A date is not a phone number, though as digits it reads as a Finnish universal access number (020…).
    const date = await put(cookie, { email: null, phone: '2026-02-30', preferredLocale: null, contactPreference: 'email' });
    expect(date.json()).toMatchObject({ statusCode: 400, code: 'INVALID_PHONE' });
    const badEmail = await put(cookie, { email: 'not-an-address', phone: null, preferredLocale: null, contactPreference: 'email' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().issues[0].path).toBe('body.email');
    const taken = await put(cookie, { email: 'jaan.tamm@example.ee', phone: null, preferredLocale: null, contactPreference: 'email' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ code: 'EMAIL_IN_USE', customerFacing: true });
    const after = (await ctx.app.inject({ url: '/api/me', headers: { host: HOSTS.lumo, cookie } })).json();
    expect(after).toEqual(before);
  });
});

import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@portal/schema/calendar-dates';
import { contract } from '../db/schema/energy.ts';
import { authSession, customerAccess, person, staffMember } from '../db/schema/identity.ts';
import { seedDemoEnergy } from '../db/seed/demo-energy.ts';
import { seedDemoPower } from '../db/seed/demo-power.ts';
import { openStream, settlesWithin, type OpenStream } from '../test-support/event-stream.ts';
import { seedPowerDemo } from '../test-support/power-fixtures.ts';
import { useTwoServerCopies, type ServerCopy } from '../test-support/server-copies.ts';
import { PEOPLE, sessionCookieFor } from '../test-support/sessions.ts';
import { HOSTS, useTestApp, type TestContext } from '../test-support/test-app.ts';

/**
 * Answers that outlive their request end with the session and the access they depend on (docs/decisions/100), on
 * PGlite and, with TEST_DATABASE_URL, on PostgreSQL. "Within a few seconds" is a bound on waiting: without the
 * revocation each stream here stays open until its client leaves.
 */
const ENDS_WITHIN_MS = 5_000;
const AINO_HOME = 'obj-lumo-aino-home';
const MIKKO_FLAT = 'obj-lumo-mikko-flat';
const REVONTULI_SAUNA = 'obj-lumo-revontuli-sauna';
const quickMeters = { METER_SIMULATOR_FAILURE_RATE: '0', METER_SIMULATOR_SILENCE_RATE: '0', METER_SIMULATOR_ANSWER_DELAY_MS: '20-60' };
const tokenOf = (cookie: string) => cookie.split(';')[0]!.split('=')[1]!;

const liveStream = async (port: number, cookie: string, objectId = AINO_HOME): Promise<OpenStream> => {
  const url = `http://127.0.0.1:${port}/api/load-controls/live-readings/${objectId}/stream`;
  const stream = await openStream(url, { host: HOSTS.lumo, cookie, accept: 'text/event-stream' });
  expect(stream.status).toBe(200);
  return stream;
};

const sessionIdOf = async (ctx: Pick<TestContext, 'database'>, cookie: string) =>
  (
    await ctx.database.db
      .select({ id: authSession.id })
      .from(authSession)
      .where(eq(authSession.sessionToken, tokenOf(cookie)))
  )[0]!.id;

describe('a live-readings stream ends with the session and access it depends on', () => {
  const ctx = useTestApp(quickMeters, { listen: true });
  const inject = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { host: HOSTS.lumo, cookie, ...(payload ? { 'content-type': 'application/json' } : {}) },
      payload,
    });
  const open = (cookie: string, objectId?: string) => liveStream(ctx.config.port, cookie, objectId);
  const personId = async (ssn: string) => (await ctx.database.db.select().from(person).where(eq(person.ssn, ssn)))[0]!.id;

  beforeAll(async () => {
    await seedPowerDemo(ctx);
  });

  it('ends when the session is signed out from another of the person’s browsers', async () => {
    const phone = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const desktop = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const stream = await open(phone);
    const signedOut = await inject(desktop, 'DELETE', `/api/me/sessions/${await sessionIdOf(ctx, phone)}`);
    expect(signedOut.statusCode).toBe(204);
    expect(await settlesWithin(stream.ended, ENDS_WITHIN_MS)).toBe(true);
    // The browser's reconnection is refused.
    expect(
      await openStream(`http://127.0.0.1:${ctx.config.port}/api/load-controls/live-readings/${AINO_HOME}/stream`, {
        host: HOSTS.lumo,
        cookie: phone,
      }).then((again) => (again.close(), again.status)),
    ).toBe(401);
  });

  it('ends when the person signs out through Auth.js', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const stream = await open(cookie);
    const csrf = await inject(cookie, 'GET', '/api/auth/csrf');
    const csrfCookie = csrf.cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
    const signOut = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: {
        host: HOSTS.lumo,
        cookie: `${cookie}; ${csrfCookie}`,
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://lumo.localhost:3000',
        'sec-fetch-site': 'same-origin',
      },
      payload: `csrfToken=${encodeURIComponent(csrf.json().csrfToken)}`,
    });
    expect(signOut.statusCode).toBeLessThan(400);
    expect(await settlesWithin(stream.ended, ENDS_WITHIN_MS)).toBe(true);
  });

  it('ends when the person signs their other sessions out, and another person’s sign-out leaves it open', async () => {
    const stolen = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const own = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const thief = await open(stolen);
    const mine = await open(own);
    const mikko = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    await inject(mikko, 'POST', '/api/me/sessions/sign-out-others');
    const signedOut = await inject(own, 'POST', '/api/me/sessions/sign-out-others');
    expect(signedOut.json()).toMatchObject({ signedOut: expect.any(Number) });
    expect(await settlesWithin(thief.ended, ENDS_WITHIN_MS)).toBe(true);
    expect(await settlesWithin(mine.ended, 500)).toBe(false);
    mine.close();
  });

  it('ends when the session expires', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    await ctx.database.db
      .update(authSession)
      .set({ expires: new Date(Date.now() + 1_500) })
      .where(eq(authSession.sessionToken, tokenOf(cookie)));
    const stream = await open(cookie);
    expect(await settlesWithin(stream.ended, ENDS_WITHIN_MS)).toBe(true);
  });

  it('ends what staff streamed for a customer when they stop acting for them, or switch to another', async () => {
    const staff = await sessionCookieFor(ctx.database.db, PEOPLE.sannaStaff, 'lumo');
    const actingForAino = `${staff}; cs-representative-code=LUMO-100001`;
    const stream = await open(actingForAino);
    expect((await inject(actingForAino, 'DELETE', '/api/staff/acting-customer')).statusCode).toBe(204);
    expect(await settlesWithin(stream.ended, ENDS_WITHIN_MS)).toBe(true);

    const again = await open(actingForAino);
    const switched = await inject(actingForAino, 'POST', '/api/staff/acting-customer', { clientCode: 'LUMO-100002' });
    expect(switched.statusCode).toBe(200);
    expect(await settlesWithin(again.ended, ENDS_WITHIN_MS)).toBe(true);
  });

  it('ends what staff streamed for a customer when their customer-service role is taken away', async () => {
    const staff = await sessionCookieFor(ctx.database.db, PEOPLE.sannaStaff, 'lumo');
    const stream = await open(`${staff}; cs-representative-code=LUMO-100001`);
    const id = await personId(PEOPLE.sannaStaff);
    await ctx.database.db.delete(staffMember).where(and(eq(staffMember.personId, id), eq(staffMember.siteId, 'lumo')));
    expect(await settlesWithin(stream.ended, ENDS_WITHIN_MS)).toBe(true);
  });

  it('ends a representative’s stream of the company’s object when the representation ends', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo', 'representative-code=rc-lumo-aino-revontuli');
    const company = await open(cookie, REVONTULI_SAUNA);
    const own = await open(await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo'));
    await ctx.database.db.delete(customerAccess).where(eq(customerAccess.code, 'rc-lumo-aino-revontuli'));
    expect(await settlesWithin(company.ended, ENDS_WITHIN_MS)).toBe(true);
    // Her own home is still hers.
    expect(await settlesWithin(own.ended, 500)).toBe(false);
    own.close();
  });

  it('ends when the customer moves out of the object, and opens no more for it', async () => {
    const mikko = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    const stream = await open(mikko, MIKKO_FLAT);
    const [flatContract] = await ctx.database.db
      .select({ id: contract.id })
      .from(contract)
      .where(and(eq(contract.meteringPointId, 'mp-lumo-mikko-el'), eq(contract.status, 'active')));
    const yesterday = addDays(todayIn('Europe/Helsinki'), -1);
    const finalInvoiceAddress = { street: 'Mannerheimintie 12 A 5', postalCode: '00100', city: 'Helsinki', countryCode: 'FI' };
    const moved = await inject(mikko, 'POST', `/api/contracts/${flatContract!.id}/move-out`, {
      endDate: yesterday,
      finalInvoiceAddress,
      meterReadingKwh: null,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await settlesWithin(stream.ended, ENDS_WITHIN_MS)).toBe(true);
    const refused = await inject(mikko, 'GET', `/api/load-controls/live-readings/${MIKKO_FLAT}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'OBJECT_NOT_FOUND' });
  });
});

describe('a download in progress is cut off when its session ends', () => {
  const ctx = useTestApp();

  it('breaks off the audit log export rather than ending it as if it were whole', async () => {
    // Enough lines that the export is still being written when the administrator is signed out.
    await ctx.database.db.execute(sql`
      insert into audit_log (site_id, action, outcome, request_id, details)
      select 'lumo', 'bulk line', 'ok', 'req-' || n, repeat('x', 400) from generate_series(1, 20000) as n`);
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.app.server.address() as AddressInfo;
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.jukkaAdmin, 'lumo');
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest(`http://127.0.0.1:${port}/api/admin/site/lumo/audit.csv`, { headers: { host: HOSTS.lumo, cookie } }, resolve);
      req.on('error', reject);
      req.end();
    });
    expect(response.statusCode).toBe(200);
    response.pause();
    await ctx.database.db.delete(authSession).where(eq(authSession.sessionToken, tokenOf(cookie)));
    const done = new Promise<boolean>((resolve) => {
      response.once('close', () => resolve(response.complete));
      response.once('error', () => {});
    });
    // Read slowly until the answer stops, one way or the other.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    response.resume();
    expect(await done).toBe(false);
  });
});

describe('a stream on one server copy ends when its session is signed out through another', () => {
  const copies = useTwoServerCopies();

  it('hears the sign-out made on copy A and ends the stream it serves on copy B', async () => {
    const [first, second] = copies as [ServerCopy, ServerCopy];
    await seedDemoEnergy(first.database.db, { historyDays: 1, clientCodes: ['LUMO-100001'] });
    await seedDemoPower(first.database.db);
    await second.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = second.app.server.address() as AddressInfo;
    const phone = await sessionCookieFor(first.database.db, PEOPLE.aino, 'lumo');
    const desktop = await sessionCookieFor(first.database.db, PEOPLE.aino, 'lumo');
    const stream = await liveStream(port, phone);
    const signedOut = await first.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${await sessionIdOf(first, phone)}`,
      headers: { host: HOSTS.lumo, cookie: desktop },
    });
    expect(signedOut.statusCode).toBe(204);
    expect(await settlesWithin(stream.ended, ENDS_WITHIN_MS)).toBe(true);
  });
});

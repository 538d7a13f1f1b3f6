import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authSession, customer, customerAccess, person, staffMember } from '../db/schema/identity.ts';
import { PEOPLE, sessionCookieFor } from '../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../test-support/test-app.ts';
import { useTwoServerCopies, type ServerCopy } from '../test-support/server-copies.ts';
import { ACTOR_CHANGED_CHANNEL } from './actor-cache.ts';

/**
 * The actor cache (docs/decisions/080) keeps a session's actor for seconds; these prove it never answers with
 * an actor a change has outdated, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
describe('the actor cache of one server copy', () => {
  const ctx = useTestApp();
  const info = (cookie: string) => ctx.app.inject({ url: '/api/info', headers: { host: HOSTS.lumo, cookie } });
  const personId = async (ssn: string) => (await ctx.database.db.select().from(person).where(eq(person.ssn, ssn)))[0]!.id;

  /** Signs in and asks twice, so the second answer comes from the cache. */
  async function cachedSession(ssn: string, extraCookies = '') {
    const cookie = await sessionCookieFor(ctx.database.db, ssn, 'lumo', extraCookies);
    // sessionCookieFor touched the person: let that change be heard before the cache keeps anything.
    await ctx.app.actorCache.caughtUp();
    const before = ctx.app.actorCache.size;
    expect((await info(cookie)).statusCode).toBe(200);
    expect(ctx.app.actorCache.size).toBe(before + 1);
    expect((await info(cookie)).statusCode).toBe(200);
    return cookie;
  }

  it('keeps the actor between requests and forgets it on sign-out', async () => {
    const cookie = await cachedSession(PEOPLE.aino);
    const token = cookie.split('=')[1]!;
    // The Auth.js adapter deletes the session row on sign-out (modules/auth/identity-adapter.ts).
    await ctx.database.db.delete(authSession).where(eq(authSession.sessionToken, token));
    await ctx.app.actorCache.caughtUp();
    expect((await info(cookie)).statusCode).toBe(401);
  });

  it('signs out through Auth.js and the very next request is anonymous', async () => {
    const cookie = await cachedSession(PEOPLE.liisaNewcomer);
    const csrf = await ctx.app.inject({ url: '/api/auth/csrf', headers: { host: HOSTS.lumo, cookie } });
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
    // No waiting here: the sign-out's answer itself waited until this copy heard the change.
    expect((await info(cookie)).statusCode).toBe(401);
  });

  it('forgets staff roles that were removed', async () => {
    const cookie = await cachedSession(PEOPLE.sannaStaff);
    const staffCall = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/staff/acting-customer',
        headers: { host: HOSTS.lumo, cookie, 'content-type': 'application/json' },
        payload: { clientCode: 'LUMO-100001' },
      });
    expect((await staffCall()).statusCode).toBe(200);
    const id = await personId(PEOPLE.sannaStaff);
    await ctx.database.db.delete(staffMember).where(and(eq(staffMember.personId, id), eq(staffMember.siteId, 'lumo')));
    await ctx.app.actorCache.caughtUp();
    expect((await info(cookie)).json().staffRoles).toEqual([]);
    expect((await staffCall()).statusCode).toBe(403);
  });

  it('forgets a representation that was removed: the person acts for themself again', async () => {
    const cookie = await cachedSession(PEOPLE.aino, 'representative-code=rc-lumo-aino-revontuli');
    expect((await info(cookie)).json()).toMatchObject({ actingAs: 'representative', customer: { clientCode: 'LUMO-200001' } });
    await ctx.database.db.delete(customerAccess).where(eq(customerAccess.code, 'rc-lumo-aino-revontuli'));
    await ctx.app.actorCache.caughtUp();
    const after = await info(cookie);
    expect(after.json()).toMatchObject({ actingAs: 'self', customer: { clientCode: 'LUMO-100001' } });
    expect(after.cookies.find(({ name }) => name === 'representative-code')?.value).toBe('');
  });

  it('ends acting for a customer with the acting cookie, whatever is cached', async () => {
    const cookie = await cachedSession(PEOPLE.mikko);
    const id = await personId(PEOPLE.mikko);
    await ctx.database.db.insert(staffMember).values({ personId: id, siteId: 'lumo', role: 'customer-service' });
    await ctx.app.actorCache.caughtUp();
    const acting = `${cookie}; cs-representative-code=LUMO-100001`;
    expect((await info(acting)).json()).toMatchObject({ actingAs: 'staff', customer: { clientCode: 'LUMO-100001' } });
    const end = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/staff/acting-customer',
      headers: { host: HOSTS.lumo, cookie: acting },
    });
    expect(end.statusCode).toBe(204);
    expect((await info(cookie)).json()).toMatchObject({ actingAs: 'self', staffRoles: ['customer-service'] });
    expect((await info(cookie)).json().customer.clientCode).not.toBe('LUMO-100001');
  });

  it('shows a renamed customer and a new e-ID verification at once', async () => {
    const cookie = await cachedSession(PEOPLE.aino);
    await ctx.database.db.update(customer).set({ name: 'Aino Virtanen-Koski' }).where(eq(customer.clientCode, 'LUMO-100001'));
    await ctx.app.actorCache.caughtUp();
    expect((await info(cookie)).json().customer.name).toBe('Aino Virtanen-Koski');
  });

  it('shares one read of a session among the calls that arrive together, but not with a call after a change', async () => {
    await ctx.app.actorCache.caughtUp();
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      loads++;
      await gate;
      return null;
    };
    const together = [ctx.app.actorCache.resolve('lumo', 'burst-token', load), ctx.app.actorCache.resolve('lumo', 'burst-token', load)];
    // A change is heard while that read runs (as a trigger announces it): the next call may not take the older read.
    await ctx.database.db.execute(sql`select pg_notify(${ACTOR_CHANGED_CHANNEL}, 'someone-else')`);
    await ctx.app.actorCache.caughtUp();
    const afterChange = ctx.app.actorCache.resolve('lumo', 'burst-token', load);
    release();
    expect(await Promise.all([...together, afterChange])).toEqual([null, null, null]);
    expect(loads).toBe(2);
  });
});

describe('the actor caches of two server copies on one database', () => {
  const copies = useTwoServerCopies();

  it('a change made through one copy is heard by the other, which then stops serving the old actor', async () => {
    const [first, second] = copies as [ServerCopy, ServerCopy];
    const cookie = await sessionCookieFor(first.database.db, PEOPLE.sannaStaff, 'lumo');
    await second.app.actorCache.caughtUp();
    const ask = () => second.app.inject({ url: '/api/info', headers: { host: HOSTS.lumo, cookie } });
    expect((await ask()).json().staffRoles).toEqual(['customer-service']);
    expect(second.app.actorCache.size).toBe(1);
    const [{ id }] = (await first.database.db.select({ id: person.id }).from(person).where(eq(person.ssn, PEOPLE.sannaStaff))) as [
      { id: string },
    ];
    await first.database.db.delete(staffMember).where(eq(staffMember.personId, id));
    await second.app.actorCache.caughtUp();
    expect((await ask()).json().staffRoles).toEqual([]);

    await first.database.db.delete(authSession).where(eq(authSession.userId, id));
    await second.app.actorCache.caughtUp();
    expect((await ask()).statusCode).toBe(401);
  });
});

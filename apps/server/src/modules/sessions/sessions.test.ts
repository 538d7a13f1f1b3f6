import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authSession } from '../../db/schema/identity.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { parseUserAgent } from './user-agent.ts';
import { useTwoServerCopies, type ServerCopy } from '../../test-support/server-copies.ts';

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('active sessions', () => {
  const ctx = useTestApp();
  const tokenOf = (cookie: string) => cookie.split(';')[0]!.split('=')[1]!;
  const signIn = async (ssn: string, userAgent: string, site: 'lumo' | 'virmalise' = 'lumo') => {
    const cookie = await sessionCookieFor(ctx.database.db, ssn, site);
    await ctx.database.db
      .update(authSession)
      .set({ userAgent })
      .where(eq(authSession.sessionToken, tokenOf(cookie)));
    return cookie;
  };
  const list = (cookie: string) => ctx.app.inject({ url: '/api/me/sessions', headers: { host: HOSTS.lumo, cookie } });
  const write = (cookie: string, method: 'DELETE' | 'POST', url: string) =>
    ctx.app.inject({ method, url, headers: { host: HOSTS.lumo, cookie } });

  it('tells browser, system and device from the user agent', () => {
    expect(parseUserAgent(FIREFOX_LINUX)).toEqual({ browser: 'Firefox 133', os: 'Linux', device: 'desktop' });
    expect(parseUserAgent(SAFARI_IPHONE)).toMatchObject({ browser: 'Safari 18', device: 'mobile' });
    expect(parseUserAgent(null)).toEqual({ browser: null, os: null, device: 'other' });
  });

  it("lists only the person's own sessions, this one first and marked, with site and times", async () => {
    const desktop = await signIn(PEOPLE.mikko, FIREFOX_LINUX);
    const phone = await signIn(PEOPLE.mikko, SAFARI_IPHONE);
    await signIn(PEOPLE.aino, FIREFOX_LINUX);
    const response = await list(desktop);
    expect(response.statusCode, response.body).toBe(200);
    const sessions = response.json<{ id: string; current: boolean; browser: string; siteName: string; startedAt: string }[]>();
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      current: true,
      browser: 'Firefox 133',
      device: 'desktop',
      siteId: 'lumo',
      siteName: 'Lumo Energia Oy',
    });
    expect(sessions[1]).toMatchObject({ current: false, browser: 'Safari 18', device: 'mobile' });
    expect(response.body).not.toContain(tokenOf(desktop));
    expect(response.body).not.toContain(tokenOf(phone));
  });

  it('signs one other session out; its cookie gets 401 at once, the others go on', async () => {
    const desktop = await signIn(PEOPLE.jaan, FIREFOX_LINUX, 'virmalise');
    const phone = await signIn(PEOPLE.jaan, SAFARI_IPHONE, 'virmalise');
    const at = (cookie: string) => ctx.app.inject({ url: '/api/info', headers: { host: HOSTS.virmalise, cookie } });
    // Both sessions' actors are now in the actor cache.
    expect((await at(phone)).statusCode).toBe(200);
    const sessions = (await ctx.app.inject({ url: '/api/me/sessions', headers: { host: HOSTS.virmalise, cookie: desktop } })).json();
    const other = sessions.find((session: { current: boolean }) => !session.current);
    const ended = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${other.id}`,
      headers: { host: HOSTS.virmalise, cookie: desktop },
    });
    expect(ended.statusCode, ended.body).toBe(204);
    const refused = await at(phone);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'SESSION_REQUIRED' });
    expect((await at(desktop)).statusCode).toBe(200);
  });

  it("cannot sign out another person's session: 404, and it keeps working", async () => {
    const mine = await signIn(PEOPLE.liisaNewcomer, FIREFOX_LINUX);
    const theirs = await signIn(PEOPLE.aino, SAFARI_IPHONE);
    const theirId = (await list(theirs)).json().find((session: { current: boolean }) => session.current).id;
    const response = await write(mine, 'DELETE', `/api/me/sessions/${theirId}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'SESSION_NOT_FOUND' });
    expect((await list(theirs)).statusCode).toBe(200);
    expect((await write(mine, 'DELETE', '/api/me/sessions/not-an-id')).statusCode).toBe(400);
  });

  it('signs out every other session of the person and keeps this one', async () => {
    const keep = await signIn(PEOPLE.mikko, FIREFOX_LINUX);
    const others = [await signIn(PEOPLE.mikko, SAFARI_IPHONE), await signIn(PEOPLE.mikko, FIREFOX_LINUX, 'virmalise')];
    const response = await write(keep, 'POST', '/api/me/sessions/sign-out-others');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().signedOut).toBeGreaterThanOrEqual(2);
    expect((await list(others[0]!)).statusCode).toBe(401);
    const left = (await list(keep)).json();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ current: true });
  });
});

describe('signing a session out on two server copies', () => {
  const copies = useTwoServerCopies();

  it('keeps the other copy’s cached actor when only the last use is written, and drops it the moment the session is signed out', async () => {
    const [first, second] = copies as [ServerCopy, ServerCopy];
    const desktop = await sessionCookieFor(first.database.db, PEOPLE.mikko, 'lumo');
    const phone = await sessionCookieFor(first.database.db, PEOPLE.mikko, 'lumo');
    await second.app.actorCache.caughtUp();
    const askSecond = () => second.app.inject({ url: '/api/info', headers: { host: HOSTS.lumo, cookie: phone } });
    expect((await askSecond()).statusCode).toBe(200);
    expect(second.app.actorCache.size).toBe(1);

    // Writing the last use changes nobody's actor (migration 0023 narrowed the trigger).
    const phoneToken = phone.split('=')[1]!;
    await first.database.db.update(authSession).set({ lastUsedAt: new Date() }).where(eq(authSession.sessionToken, phoneToken));
    await second.app.actorCache.caughtUp();
    expect(second.app.actorCache.size).toBe(1);

    const sessions = await first.app.inject({ url: '/api/me/sessions', headers: { host: HOSTS.lumo, cookie: desktop } });
    const other = sessions.json<{ id: string; current: boolean }[]>().find((session) => !session.current)!;
    const ended = await first.app.inject({
      method: 'DELETE',
      url: `/api/me/sessions/${other.id}`,
      headers: { host: HOSTS.lumo, cookie: desktop },
    });
    expect(ended.statusCode).toBe(204);
    await second.app.actorCache.caughtUp();
    expect((await askSecond()).statusCode).toBe(401);
  });
});

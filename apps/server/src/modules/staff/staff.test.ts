import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, customerAccess, person } from '../../db/schema/identity.ts';
import { customerIdOf } from '../../test-support/energy-factories.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';

describe('the customer-service workspace', () => {
  const ctx = useTestApp();
  const staffCookie = () => sessionCookieFor(ctx.database.db, PEOPLE.sannaStaff, 'lumo');
  const search = async (q: string, cookie: string, host: string = HOSTS.lumo) =>
    ctx.app.inject({ url: `/api/staff/customers?q=${encodeURIComponent(q)}`, headers: { host, cookie } });

  it('finds a customer by a misspelt name, accents and case ignored, best match first', async () => {
    const cookie = await staffCookie();
    const response = await search('aino virtnen', cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results[0]).toEqual({
      clientCode: 'LUMO-100001',
      name: 'Aino Virtanen',
      type: 'private',
      matchedOn: 'name',
      matchedText: 'Aino Virtanen',
    });
    // The company Aino represents comes up too, for what it matched on: her name as its representative.
    expect(response.json().results).toContainEqual(
      expect.objectContaining({ clientCode: 'LUMO-200001', matchedOn: 'representative', matchedText: 'Aino Virtanen' }),
    );
    const one = await search('Korhosen', cookie);
    expect(one.json().results.map((result: { clientCode: string }) => result.clientCode)).toContain('LUMO-100002');
  });

  it('finds by client code, a piece of it, a personal code and an e-mail address', async () => {
    const cookie = await staffCookie();
    expect((await search('lumo 100002', cookie)).json().results[0]).toMatchObject({ clientCode: 'LUMO-100002', matchedOn: 'client-code' });
    expect((await search('200001', cookie)).json().results[0]).toMatchObject({ clientCode: 'LUMO-200001', matchedOn: 'client-code' });
    expect((await search('FI131052-308T', cookie)).json().results[0]).toMatchObject({
      clientCode: 'LUMO-100001',
      matchedOn: 'personal-code',
    });
    expect((await search('mikko.korhonen@example.fi', cookie)).json().results[0]).toMatchObject({
      clientCode: 'LUMO-100002',
      matchedOn: 'email',
    });
  });

  it('finds a customer by a personal code in every form a caller gives it, ranked as the whole code', async () => {
    const cookie = await staffCookie();
    // Someone whose henkilötunnus has a separator of 2023 represents Mikko's household.
    const [added] = await ctx.database.db.insert(person).values({ ssn: 'FI010594Y9032', name: 'Uusi Asukas' }).returning();
    await ctx.database.db.insert(customerAccess).values({
      code: 'rc-lumo-uusi-mikko',
      customerId: await customerIdOf(ctx.database.db, 'lumo', 'LUMO-100002'),
      personId: added!.id,
      relation: 'representative',
    });
    const forms = [
      '131052-308T',
      '131052-308t',
      '131052308T',
      'FI 131052-308T',
      '131052\u2013308T',
      '\u00a0131052\u00a0-\u202f308T\u200b',
      '１３１０５２-３０８Ｔ',
    ];
    for (const q of forms) {
      const response = await search(q, cookie);
      expect(response.statusCode, q).toBe(200);
      expect(response.json().results[0], q).toEqual({
        clientCode: 'LUMO-100001',
        name: 'Aino Virtanen',
        type: 'private',
        matchedOn: 'personal-code',
        matchedText: 'FI131052-308T',
      });
    }
    for (const q of ['010594Y9032', '010594y9032', '010594 Y 9032']) {
      expect((await search(q, cookie)).json().results, q).toEqual([
        expect.objectContaining({ clientCode: 'LUMO-100002', matchedOn: 'personal-code', matchedText: 'FI010594Y9032' }),
      ]);
    }
    // Since 2023 the separator tells people apart: 010594-9032 would be somebody else.
    expect((await search('010594-9032', cookie)).json().results).toEqual([]);
  });

  it('finds Estonian and Latvian customers by their personal codes in every form, old and new', async () => {
    const estonianStaff = await sessionCookieFor(ctx.database.db, 'EE38705120226', 'virmalise');
    for (const q of ['38001085718', '380010 85718', 'ee38001085718', '\u20603800\u00a01085\u00a0718']) {
      expect((await search(q, estonianStaff, HOSTS.virmalise)).json().results[0], q).toMatchObject({
        clientCode: 'VE-500102',
        matchedOn: 'personal-code',
      });
    }
    const latvianStaff = await sessionCookieFor(ctx.database.db, 'LV121275-23457', 'daugava');
    // A personas kods given since 2017: no date, and written with or without its hyphen.
    const [added] = await ctx.database.db.insert(person).values({ ssn: 'LV325035-11782', name: 'Jauns Iedzīvotājs' }).returning();
    await ctx.database.db.insert(customerAccess).values({
      code: 'rc-ds-jauns-anna',
      customerId: await customerIdOf(ctx.database.db, 'daugava', 'DS-300501'),
      personId: added!.id,
      relation: 'representative',
    });
    for (const [q, clientCode] of [
      ['220790-45671', 'DS-300502'],
      ['22079045671', 'DS-300502'],
      ['220790\u201145671', 'DS-300502'],
      ['32503511782', 'DS-300501'],
      ['325035-11782', 'DS-300501'],
      ['LV 325035 11782', 'DS-300501'],
    ] as const) {
      expect((await search(q, latvianStaff, HOSTS.daugava)).json().results[0], q).toMatchObject({ clientCode, matchedOn: 'personal-code' });
    }
  });

  it("never finds another site's customer, however exactly it is named", async () => {
    const cookie = await staffCookie();
    for (const q of ['Mari-Liis Männik', 'VE-500101', 'EE49403136526', 'Kase Kodu OÜ']) {
      const response = await search(q, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json().results, q).toEqual([]);
    }
  });

  it('answers a search too short or too long with 400 and a clear message', async () => {
    const cookie = await staffCookie();
    const short = await search('a', cookie);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 2 characters/);
    expect((await search('x'.repeat(101), cookie)).statusCode).toBe(400);
    const badPage = await ctx.app.inject({ url: '/api/staff/customers?q=aino&page=0', headers: { host: HOSTS.lumo, cookie } });
    expect(badPage.statusCode).toBe(400);
  });

  it('writes who searched for what to the audit log', async () => {
    const cookie = await staffCookie();
    await search('Virtanen', cookie);
    const [line] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'search customers'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(line).toMatchObject({ siteId: 'lumo', customerId: null, details: 'page 1: Virtanen', actorRole: 'customer-service' });
  });

  it("opens a customer's card, audited for that customer, and lists it among the staff member's recent customers", async () => {
    const cookie = await staffCookie();
    const card = await ctx.app.inject({ url: '/api/staff/customers/LUMO-200001', headers: { host: HOSTS.lumo, cookie } });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json()).toMatchObject({
      clientCode: 'LUMO-200001',
      name: 'Revontuli Sauna Oy',
      type: 'legal',
      people: [{ name: 'Aino Virtanen', relation: 'representative' }],
    });
    const other = await ctx.app.inject({ url: '/api/staff/customers/VE-500101', headers: { host: HOSTS.lumo, cookie } });
    expect(other.statusCode).toBe(404);
    const recent = await ctx.app.inject({ url: '/api/staff/recent-customers', headers: { host: HOSTS.lumo, cookie } });
    expect(recent.json()[0]).toMatchObject({ clientCode: 'LUMO-200001', name: 'Revontuli Sauna Oy' });
  });

  it('refuses the search to customers and to staff of no customer-service role', async () => {
    const customer = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    expect((await search('Virtanen', customer)).statusCode).toBe(403);
    const admin = await sessionCookieFor(ctx.database.db, PEOPLE.jukkaAdmin, 'lumo');
    expect((await search('Virtanen', admin)).statusCode).toBe(403);
  });
});

describe('who looked at my data', () => {
  const ctx = useTestApp();

  it("shows the customer each time customer service opened or changed their data, and only the customer's own lines", async () => {
    const db = ctx.database.db;
    const staff = await sessionCookieFor(db, PEOPLE.sannaStaff, 'lumo');
    const headers = (cookie: string) => ({ host: HOSTS.lumo, cookie, 'content-type': 'application/json' });
    // Staff open Aino's card, act for her and read her contacts; then they open Mikko's card.
    await ctx.app.inject({ url: '/api/staff/customers/LUMO-100001', headers: headers(staff) });
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/staff/acting-customer',
      headers: headers(staff),
      payload: { clientCode: 'LUMO-100001' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const acting = `${staff}; cs-representative-code=LUMO-100001`;
    expect((await ctx.app.inject({ url: '/api/me/contacts', headers: headers(acting) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/info', headers: headers(acting) })).statusCode).toBe(200);
    await ctx.app.inject({ url: '/api/staff/customers/LUMO-100002', headers: headers(staff) });

    const aino = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
    const seen = await ctx.app.inject({ url: '/api/me/data-access', headers: headers(aino) });
    expect(seen.statusCode, seen.body).toBe(200);
    const entries = seen.json().entries as { role: string; area: string; kind: string }[];
    expect(entries.map(({ area, kind, role }) => `${role} ${area} ${kind}`).sort()).toEqual([
      'customer-service acting read',
      'customer-service contact-details read',
      'customer-service customer-card read',
    ]);
    // No staff member's name or the page shell's calls (who is signed in) are shown.
    expect(seen.body).not.toContain('Sanna');
    expect(seen.json()).toMatchObject({ page: 1, hasMore: false });

    const mikko = await sessionCookieFor(db, PEOPLE.mikko, 'lumo');
    const his = await ctx.app.inject({ url: '/api/me/data-access', headers: headers(mikko) });
    expect(his.json().entries.map((entry: { area: string }) => entry.area)).toEqual(['customer-card']);
    // Aino's own calls are not staff access.
    await ctx.app.inject({ url: '/api/me/contacts', headers: headers(aino) });
    const again = await ctx.app.inject({ url: '/api/me/data-access', headers: headers(aino) });
    expect(again.json().entries).toHaveLength(3);
  });

  it('lists the company’s accesses to its representative, and none of a stranger’s', async () => {
    const db = ctx.database.db;
    const representative = await sessionCookieFor(db, PEOPLE.aino, 'lumo', 'representative-code=rc-lumo-aino-revontuli');
    const response = await ctx.app.inject({ url: '/api/me/data-access?page=1', headers: { host: HOSTS.lumo, cookie: representative } });
    expect(response.statusCode).toBe(200);
    expect(response.json().entries).toEqual([]);
    const lines = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.siteId, 'lumo'), eq(auditLog.dataArea, 'contact-details')));
    expect(lines.every((line) => line.actorRole === 'customer-service')).toBe(true);
  });
});

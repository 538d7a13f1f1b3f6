import { desc, eq, like } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { announcement } from '../../db/schema/announcements.ts';
import { auditLog, customer } from '../../db/schema/identity.ts';
import { seedDemoEnergy } from '../../db/seed/demo-energy.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { announcementRepository } from './announcement-repository.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const ADMIN_URL = '/api/admin/site/lumo/announcements';

/** A valid request as the admin form sends it: every language of Lumo, English left empty. */
const request = (overrides: object = {}) => ({
  audience: 'all',
  utility: null,
  severity: 'info',
  validFrom: '2020-01-01 00:00',
  validUntil: '2099-01-01 00:00',
  texts: [
    { locale: 'fi-FI', title: 'Huoltokatko', body: '<p>Portaali on kiinni sunnuntaina.</p>' },
    { locale: 'sv-FI', title: 'Serviceavbrott', body: '<p>Portalen är stängd på söndag.</p>' },
    { locale: 'en-GB', title: '', body: '' },
  ],
  ...overrides,
});

describe('portal announcements', () => {
  const ctx = useTestApp();
  let aino: string;
  let ainoForCompany: string;
  let mikko: string;
  let staff: string;
  let admin: string;
  let otherAdmin: string;

  const call = (method: Method, url: string, cookie: string | undefined, body?: unknown, host: string = HOSTS.lumo) =>
    ctx.app.inject({
      method,
      url,
      headers: { host, ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  const create = async (body: object) => {
    const response = await call('POST', ADMIN_URL, admin, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  const titlesFor = async (cookie: string, clientId: string, locale = 'en-GB') => {
    const response = await call('GET', `/api/announcements/${clientId}?locale=${locale}`, cookie);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ title: string }[]>().map((item) => item.title);
  };

  beforeAll(async () => {
    const db = ctx.database.db;
    // Metering points of Aino (electricity) and her company, for the utility audience.
    await seedDemoEnergy(db, { historyDays: 1, clientCodes: ['LUMO-100001', 'LUMO-200001'] });
    aino = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
    ainoForCompany = await sessionCookieFor(db, PEOPLE.aino, 'lumo', 'representative-code=rc-lumo-aino-revontuli');
    mikko = await sessionCookieFor(db, PEOPLE.mikko, 'lumo');
    staff = await sessionCookieFor(db, PEOPLE.sannaStaff, 'lumo');
    admin = await sessionCookieFor(db, PEOPLE.jukkaAdmin, 'lumo');
    otherAdmin = await sessionCookieFor(db, PEOPLE.toomasAdmin, 'virmalise');
  });
  beforeEach(async () => {
    await ctx.database.db.delete(announcement).where(eq(announcement.siteId, 'lumo'));
  });

  it('lets the site administrator write, list, change and delete, each change audited with before and after', async () => {
    const id = await create(request());
    const listed = (await call('GET', ADMIN_URL, admin)).json();
    expect(listed).toEqual([
      {
        id,
        audience: 'all',
        utility: null,
        severity: 'info',
        validFrom: '2020-01-01 00:00',
        validUntil: '2099-01-01 00:00',
        // The empty English text is not stored.
        texts: [
          { locale: 'fi-FI', title: 'Huoltokatko', body: '<p>Portaali on kiinni sunnuntaina.</p>' },
          { locale: 'sv-FI', title: 'Serviceavbrott', body: '<p>Portalen är stängd på söndag.</p>' },
        ],
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    // The site's clock: midnight in Helsinki is 22:00 UTC the day before in winter.
    const [row] = await ctx.database.db.select().from(announcement).where(eq(announcement.id, id));
    expect(row!.validFrom.toISOString()).toBe('2019-12-31T22:00:00.000Z');

    const updated = await call('PUT', `${ADMIN_URL}/${id}`, admin, request({ severity: 'critical', audience: 'legal' }));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id, severity: 'critical', audience: 'legal' });

    expect((await call('DELETE', `${ADMIN_URL}/${id}`, admin)).statusCode).toBe(204);
    expect((await call('GET', ADMIN_URL, admin)).json()).toEqual([]);
    expect((await call('DELETE', `${ADMIN_URL}/${id}`, admin)).json()).toMatchObject({ code: 'ANNOUNCEMENT_NOT_FOUND' });

    const lines = await ctx.database.db
      .select()
      .from(auditLog)
      .where(like(auditLog.action, 'announcement %'))
      .orderBy(desc(auditLog.id))
      .limit(3);
    expect(lines.map((line) => line.action)).toEqual(['announcement deleted', 'announcement updated', 'announcement created']);
    const [deleted, changed, created] = lines.map((line) => JSON.parse(line.details!) as { before: unknown; after: unknown });
    expect(created).toEqual({ before: null, after: expect.objectContaining({ id, severity: 'info' }) });
    expect(changed).toEqual({
      before: expect.objectContaining({ severity: 'info', audience: 'all' }),
      after: expect.objectContaining({ severity: 'critical', audience: 'legal' }),
    });
    expect(deleted).toEqual({ before: expect.objectContaining({ severity: 'critical' }), after: null });
    expect(lines.every((line) => line.siteId === 'lumo' && line.outcome === 'ok')).toBe(true);
  });

  it('shows each customer the announcements of their audience: all, their type, and utilities they have', async () => {
    const texts = (title: string) => [{ locale: 'en-GB', title, body: `<p>${title}</p>` }];
    await create(request({ texts: texts('Everyone') }));
    await create(request({ audience: 'private', texts: texts('Private customers') }));
    await create(request({ audience: 'legal', texts: texts('Business customers') }));
    await create(request({ audience: 'utility', utility: 'electricity', texts: texts('Electricity customers') }));
    await create(request({ audience: 'utility', utility: 'gas', texts: texts('Gas customers') }));

    expect((await titlesFor(aino, 'LUMO-100001')).sort()).toEqual(['Electricity customers', 'Everyone', 'Private customers']);
    expect((await titlesFor(ainoForCompany, 'LUMO-200001')).sort()).toEqual(['Business customers', 'Electricity customers', 'Everyone']);
    // Mikko's metering points are not seeded here: no utility of his own, so only everyone's and private ones.
    expect((await titlesFor(mikko, 'LUMO-100002')).sort()).toEqual(['Everyone', 'Private customers']);
  });

  it("answers in the asked language, else the site's default (Finnish), most severe first", async () => {
    await create(request({ severity: 'warning' }));
    await create(
      request({
        severity: 'critical',
        texts: [
          { locale: 'en-GB', title: 'Storm', body: '<p>Outages likely.</p>' },
          { locale: 'fi-FI', title: 'Myrsky', body: '<p>Katkoja odotettavissa.</p>' },
        ],
      }),
    );
    const english = (await call('GET', '/api/announcements/LUMO-100001?locale=en-GB', aino)).json();
    expect(english.map((item: { title: string; locale: string; severity: string }) => [item.severity, item.locale, item.title])).toEqual([
      ['critical', 'en-GB', 'Storm'],
      ['warning', 'fi-FI', 'Huoltokatko'],
    ]);
    const swedish = (await call('GET', '/api/announcements/LUMO-100001?locale=sv-FI', aino)).json();
    expect(swedish.map((item: { title: string }) => item.title)).toEqual(['Myrsky', 'Serviceavbrott']);
  });

  it("starts and ends on the site's clock: from its first minute, until (not including) its end", async () => {
    // Summer in Helsinki is UTC+3: 1.6.2030 00:00 local is 31.5.2030 21:00 UTC.
    await create(request({ validFrom: '2030-06-01 00:00', validUntil: '2030-06-02 00:00' }));
    const scope = { siteId: 'lumo', customerId: (await customerId('LUMO-100001'))! };
    const shownAt = async (instant: string) =>
      (await announcementRepository.currentFor(ctx.database.db, scope, 'private', new Date(instant))).length;
    expect(await shownAt('2030-05-31T20:59:59.999Z')).toBe(0);
    expect(await shownAt('2030-05-31T21:00:00.000Z')).toBe(1);
    expect(await shownAt('2030-06-01T20:59:59.999Z')).toBe(1);
    expect(await shownAt('2030-06-01T21:00:00.000Z')).toBe(0);
    // Nothing from the past or the future reaches today's banner.
    expect(await titlesFor(aino, 'LUMO-100001')).toEqual([]);
  });

  it('sanitises the body on save and again on read: no script, event handler or javascript link reaches a browser', async () => {
    const id = await create(
      request({
        texts: [
          {
            locale: 'en-GB',
            title: 'Read me',
            body: '<p onclick="steal()">Hello<script>alert(1)</script></p><img src=x onerror=alert(2)><a href="javascript:alert(3)">x</a>',
          },
        ],
      }),
    );
    const [stored] = await ctx.database.db.select().from(announcement).where(eq(announcement.id, id));
    expect(stored!.texts['en-GB']!.body).toBe('<p>Hello</p><a target="_blank" rel="noopener noreferrer">x</a>');

    // A row written around the service (an import, a hand-run statement) is sanitised when read.
    await ctx.database.db
      .update(announcement)
      .set({ texts: { 'en-GB': { title: 'Raw', body: '<p>Raw<script>alert(4)</script><img src=x onerror=alert(5)></p>' } } })
      .where(eq(announcement.id, id));
    const read = await call('GET', '/api/announcements/LUMO-100001?locale=en-GB', aino);
    expect(read.json()).toEqual([expect.objectContaining({ title: 'Raw', body: '<p>Raw</p>' })]);
    const adminRead = (await call('GET', ADMIN_URL, admin)).json();
    expect(JSON.stringify(adminRead)).not.toMatch(/script|onerror/);
  });

  it("answers 404 for another customer's client id, also to a representative of a company reaching for the person", async () => {
    await create(request());
    for (const [cookie, clientId] of [
      [aino, 'LUMO-100002'],
      [mikko, 'LUMO-100001'],
      [ainoForCompany, 'LUMO-100001'],
      [aino, 'VE-500102'],
    ] as const) {
      const response = await call('GET', `/api/announcements/${clientId}`, cookie);
      expect(response.statusCode, clientId).toBe(404);
      expect(response.json()).toMatchObject({ code: 'UNKNOWN_CLIENT_CODE' });
      expect(response.body).not.toContain('Huoltokatko');
    }
    expect((await call('GET', '/api/announcements/LUMO-100001', undefined)).statusCode).toBe(401);
    expect((await call('GET', '/api/announcements/LUMO-100001', admin)).statusCode).toBe(403);
  });

  it("refuses other sites' administrators, staff and customers, and strangers", async () => {
    const id = await create(request());
    for (const [method, url, body] of [
      ['GET', ADMIN_URL, undefined],
      ['POST', ADMIN_URL, request()],
      ['PUT', `${ADMIN_URL}/${id}`, request({ severity: 'critical' })],
      ['DELETE', `${ADMIN_URL}/${id}`, undefined],
    ] as const) {
      const foreign = await call(method, url, otherAdmin, body, HOSTS.virmalise);
      expect(foreign.statusCode, `${method} ${url}`).toBe(403);
      expect(foreign.json()).toMatchObject({ code: 'OTHER_SITE' });
      // Virmalise's session opens nothing on Lumo's host.
      expect((await call(method, url, otherAdmin, body)).statusCode).toBe(401);
      expect((await call(method, url, staff, body)).statusCode).toBe(403);
      expect((await call(method, url, aino, body)).statusCode).toBe(403);
      expect((await call(method, url, undefined, body)).statusCode).toBe(401);
    }
    const [row] = await ctx.database.db.select().from(announcement).where(eq(announcement.id, id));
    expect(row!.severity).toBe('info');
  });

  it('refuses bad input with 400 and a message that says what is wrong, writing nothing', async () => {
    const cases: [object, RegExp][] = [
      [request({ validUntil: '2019-12-31 23:59' }), /end must be after the start/],
      [request({ validUntil: '2020-01-01 00:00' }), /end must be after the start/],
      [request({ validFrom: '1.1.2020' }), /start must be a date and time/],
      [request({ validFrom: '2020-02-30 10:00' }), /start must be a date and time/],
      [request({ texts: [{ locale: 'fi-FI', title: '', body: '' }] }), /at least one language/],
      [request({ texts: [] }), /at least one language/],
      [request({ texts: [{ locale: 'fi-FI', title: 'Title only', body: '' }] }), /text for this title/],
      [request({ texts: [{ locale: 'fi-FI', title: 'x'.repeat(121), body: 'ok' }] }), /title is at most 120/],
      [request({ texts: [{ locale: 'fi-FI', title: 'ok', body: 'x'.repeat(2001) }] }), /text is at most 2000/],
      [request({ audience: 'utility' }), /utility whose customers/],
      [request({ utility: 'gas' }), /only for the utility audience/],
      [request({ severity: 'urgent' }), /severity/],
      [request({ audience: 'everyone' }), /audience/],
      [request({ texts: [{ locale: 'et-EE', title: 'Tere', body: 'Tekst' }] }), /does not offer et-EE/],
    ];
    for (const [body, message] of cases) {
      const response = await call('POST', ADMIN_URL, admin, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const id = await create(request());
    const bad = await call('PUT', `${ADMIN_URL}/${id}`, admin, request({ validUntil: '2019-01-01 00:00' }));
    expect(bad.statusCode).toBe(400);
    expect((await call('PUT', `${ADMIN_URL}/no-such-id`, admin, request())).statusCode).toBe(404);
    const rows = await ctx.database.db.select().from(announcement).where(eq(announcement.siteId, 'lumo'));
    expect(rows.map((row) => row.validUntil.toISOString())).toEqual(['2098-12-31T22:00:00.000Z']);
  });

  async function customerId(clientCode: string) {
    const [row] = await ctx.database.db.select({ id: customer.id }).from(customer).where(eq(customer.clientCode, clientCode));
    return row?.id;
  }
});

import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../app.ts';
import { auditLog } from '../../db/schema/identity.ts';
import { readingDay, readingMonth } from '../../db/schema/energy-rollups.ts';
import { siteFeature } from '../../db/schema/sites.ts';
import { buildMeteringPoint, insertReadings } from '../../test-support/energy-factories.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { useTwoServerCopies, type ServerCopy } from '../../test-support/server-copies.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('the admin area', () => {
  const ctx = useTestApp();
  let admin: string;
  let otherAdmin: string;
  let staff: string;
  let customer: string;

  const call = (method: Method, url: string, cookie: string | undefined, body?: unknown, host: string = HOSTS.lumo) =>
    ctx.app.inject({
      method,
      url,
      headers: { host, ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  const lastChange = async (action: string) => {
    const [line] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.siteId, 'lumo'), eq(auditLog.action, action)))
      .orderBy(auditLog.id)
      .limit(1);
    return line;
  };

  beforeAll(async () => {
    const db = ctx.database.db;
    admin = await sessionCookieFor(db, PEOPLE.jukkaAdmin, 'lumo');
    otherAdmin = await sessionCookieFor(db, PEOPLE.toomasAdmin, 'virmalise');
    staff = await sessionCookieFor(db, PEOPLE.sannaStaff, 'lumo');
    customer = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
  });

  it('lets only the administrator of this site in', async () => {
    expect((await call('GET', '/api/admin/site/lumo', undefined)).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/site/lumo', customer)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/site/lumo', staff)).statusCode).toBe(403);
    const other = await call('PATCH', '/api/admin/site/lumo', otherAdmin, { timezone: 'Europe/Riga' }, HOSTS.virmalise);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'OTHER_SITE' });
    // Naming another site's id on this site's host is refused too: the path must be the request's site.
    expect((await call('GET', '/api/admin/site/virmalise', admin)).statusCode).toBe(403);
    const own = await call('GET', '/api/admin/site/lumo', admin);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      id: 'lumo',
      timezone: 'Europe/Helsinki',
      themeId: 'aurora',
      domains: expect.arrayContaining(['lumo.localhost']),
    });
    expect(own.json().offeredFeatures).toContain('ADMIN_LOCALIZATION');
  });

  it('changes the timezone to an IANA zone only, audited with before and after, and the site shows it at once', async () => {
    for (const timezone of ['Mars/Olympus', '+02:00', 'EET ', '', 'Asia/Kolkata']) {
      const bad = await call('PATCH', '/api/admin/site/lumo', admin, { timezone });
      expect(bad.statusCode, timezone).toBe(400);
    }
    expect((await call('PATCH', '/api/admin/site/lumo', admin, {})).statusCode).toBe(400);
    const changed = await call('PATCH', '/api/admin/site/lumo', admin, { timezone: 'Europe/Stockholm' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().timezone).toBe('Europe/Stockholm');
    expect((await call('GET', '/api/site', undefined)).json().timezone).toBe('Europe/Stockholm');
    expect(await lastChange('site updated')).toMatchObject({
      before: { timezone: 'Europe/Helsinki' },
      after: { timezone: 'Europe/Stockholm' },
      outcome: 'ok',
    });
    await call('PATCH', '/api/admin/site/lumo', admin, { timezone: 'Europe/Helsinki' });
  });

  it("moves the site's daily and monthly reading sums to the new clock", async () => {
    const db = ctx.database.db;
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    // 22:00–23:00 UTC on 31 January: 1 February on Helsinki's clock, still 31 January on London's.
    await insertReadings(db, point.id, { from: new Date('2026-01-31T22:00:00Z'), to: new Date('2026-01-31T23:00:00Z'), wh: () => 700 });
    const days = async () =>
      (await db.select().from(readingDay).where(eq(readingDay.meteringPointId, point.id))).map(({ day, wh }) => ({ day, wh: Number(wh) }));
    const months = async () =>
      (await db.select().from(readingMonth).where(eq(readingMonth.meteringPointId, point.id))).map(({ month, wh }) => ({
        month,
        wh: Number(wh),
      }));
    // A home whose months the data hub delivered as months, with no hours (decision 123's neighbours): nothing to redo.
    const monthly = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    await db.insert(readingMonth).values({
      meteringPointId: monthly.id,
      direction: 'consumption',
      month: '2026-01-01',
      wh: 1_234_000,
      measuredIntervals: 744,
      estimatedIntervals: 0,
    });
    const deliveredMonths = async () =>
      (await db.select().from(readingMonth).where(eq(readingMonth.meteringPointId, monthly.id))).map(({ month, wh }) => ({ month, wh }));
    expect(await days()).toEqual([{ day: '2026-02-01', wh: 700 }]);
    expect((await call('PATCH', '/api/admin/site/lumo', admin, { timezone: 'Europe/London' })).statusCode).toBe(200);
    expect(await days()).toEqual([{ day: '2026-01-31', wh: 700 }]);
    expect(await months()).toEqual([{ month: '2026-01-01', wh: 700 }]);
    expect(await deliveredMonths()).toEqual([{ month: '2026-01-01', wh: 1_234_000 }]);
    await call('PATCH', '/api/admin/site/lumo', admin, { timezone: 'Europe/Helsinki' });
    expect(await days()).toEqual([{ day: '2026-02-01', wh: 700 }]);
    expect(await deliveredMonths()).toEqual([{ month: '2026-01-01', wh: 1_234_000 }]);
  });

  it('chooses a theme among the 13', async () => {
    expect((await call('PATCH', '/api/admin/site/lumo', admin, { themeId: 'neon' })).statusCode).toBe(400);
    const changed = await call('PATCH', '/api/admin/site/lumo', admin, { themeId: 'fjord' });
    expect(changed.json().themeId).toBe('fjord');
    expect((await call('GET', '/api/site', undefined)).json().themeId).toBe('fjord');
    await call('PATCH', '/api/admin/site/lumo', admin, { themeId: 'aurora' });
  });

  it('sets the languages with a default among them', async () => {
    const outside = await call('PUT', '/api/admin/site/lumo/locales', admin, { locales: ['fi-FI', 'sv-FI'], defaultLocaleId: 'en-GB' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toContain('default language');
    expect((await call('PUT', '/api/admin/site/lumo/locales', admin, { locales: [], defaultLocaleId: 'fi-FI' })).statusCode).toBe(400);
    expect(
      (await call('PUT', '/api/admin/site/lumo/locales', admin, { locales: ['fi-FI', 'fi-FI'], defaultLocaleId: 'fi-FI' })).statusCode,
    ).toBe(400);
    const changed = await call('PUT', '/api/admin/site/lumo/locales', admin, {
      locales: ['fi-FI', 'sv-FI', 'en-GB', 'et-EE'],
      defaultLocaleId: 'sv-FI',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().map((l: { id: string }) => l.id)).toEqual(['fi-FI', 'sv-FI', 'en-GB', 'et-EE']);
    const site = (await call('GET', '/api/site', undefined)).json();
    expect(site.defaultLocaleId).toBe('sv-FI');
    expect(await lastChange('site locales changed')).toMatchObject({
      before: { locales: ['fi-FI', 'sv-FI', 'en-GB'], defaultLocaleId: 'fi-FI' },
      after: { locales: ['fi-FI', 'sv-FI', 'en-GB', 'et-EE'], defaultLocaleId: 'sv-FI' },
    });
    await call('PUT', '/api/admin/site/lumo/locales', admin, { locales: ['fi-FI', 'sv-FI', 'en-GB'], defaultLocaleId: 'fi-FI' });
  });

  it('adds and removes domains with their checks', async () => {
    expect((await call('POST', '/api/admin/site/lumo/domains', admin, { host: 'not a host' })).statusCode).toBe(400);
    expect((await call('POST', '/api/admin/site/lumo/domains', admin, { host: 'https://x.example/' })).statusCode).toBe(400);
    const taken = await call('POST', '/api/admin/site/lumo/domains', admin, { host: 'virmalise.localhost' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'DOMAIN_TAKEN' });
    const added = await call('POST', '/api/admin/site/lumo/domains', admin, { host: 'Portal.Lumo.Example' });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toContain('portal.lumo.example');
    // The new address serves the site at once.
    expect((await call('GET', '/api/site', undefined, undefined, 'portal.lumo.example')).json().id).toBe('lumo');

    const inUse = await call('DELETE', '/api/admin/site/lumo/domains/lumo.localhost', admin);
    expect(inUse.statusCode).toBe(422);
    expect(inUse.json()).toMatchObject({ code: 'DOMAIN_IN_USE' });
    expect((await call('DELETE', '/api/admin/site/lumo/domains/nowhere.example', admin)).statusCode).toBe(404);
    const removed = await call('DELETE', '/api/admin/site/lumo/domains/portal.lumo.example', admin);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).not.toContain('portal.lumo.example');
    expect(await lastChange('site domain removed')).toMatchObject({ details: 'portal.lumo.example' });
  });

  it('never removes the last domain', async () => {
    const domains: string[] = (await call('GET', '/api/admin/site/lumo/domains', admin)).json();
    for (const host of domains.filter((host) => host !== 'lumo.localhost')) {
      expect((await call('DELETE', `/api/admin/site/lumo/domains/${host}`, admin)).statusCode).toBe(200);
    }
    const last = await call('DELETE', '/api/admin/site/lumo/domains/lumo.localhost', admin, undefined, 'lumo.localhost');
    expect(last.statusCode).toBe(422);
    expect(last.json()).toMatchObject({ code: 'DOMAIN_LAST' });
  });

  it('writes the title and description of a site language', async () => {
    const foreign = await call('PUT', '/api/admin/site/lumo/meta-fields', admin, { localeId: 'lv-LV', title: 'X', description: '' });
    expect(foreign.statusCode).toBe(400);
    const long = await call('PUT', '/api/admin/site/lumo/meta-fields', admin, {
      localeId: 'en-GB',
      title: 'x'.repeat(81),
      description: '',
    });
    expect(long.statusCode).toBe(400);
    const changed = await call('PUT', '/api/admin/site/lumo/meta-fields', admin, {
      localeId: 'en-GB',
      title: 'Lumo Online',
      description: '',
    });
    expect(changed.statusCode).toBe(200);
    const fields = changed.json().metaFields.filter((field: { localeId: string }) => field.localeId === 'en-GB');
    expect(fields).toContainEqual({ name: 'TITLE', content: 'Lumo Online', localeId: 'en-GB' });
    expect(fields.some((field: { name: string }) => field.name === 'DESCRIPTION')).toBe(false);
    expect(await lastChange('site meta fields changed')).toMatchObject({ before: { TITLE: 'My Lumo' }, after: { TITLE: 'Lumo Online' } });
  });

  it('switches released features only, keeping unreleased flags the site holds', async () => {
    await ctx.database.db.insert(siteFeature).values({ siteId: 'lumo', feature: 'MOBILE_LAYOUT_SMALL_BREAKPOINT' });
    const unreleased = await call('PUT', '/api/admin/site/lumo/features', admin, { features: ['MOBILE_LAYOUT_SMALL_BREAKPOINT'] });
    expect(unreleased.statusCode).toBe(400);
    expect(unreleased.json()).toMatchObject({ code: 'FEATURE_NOT_RELEASED' });
    expect((await call('PUT', '/api/admin/site/lumo/features', admin, { features: ['NO_SUCH'] })).statusCode).toBe(400);
    const current: string[] = (await call('GET', '/api/admin/site/lumo', admin)).json().features;
    const changed = await call('PUT', '/api/admin/site/lumo/features', admin, { features: current.filter((f) => f !== 'OUTAGES') });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().features).not.toContain('OUTAGES');
    expect((await call('GET', '/api/site', undefined)).json().features).not.toContain('OUTAGES');
    const stored = await ctx.database.db.select().from(siteFeature).where(eq(siteFeature.siteId, 'lumo'));
    expect(stored.map(({ feature }) => feature)).toContain('MOBILE_LAYOUT_SMALL_BREAKPOINT');
    expect(await lastChange('site features changed')).toMatchObject({ details: '-OUTAGES' });
    await call('PUT', '/api/admin/site/lumo/features', admin, { features: current });
  });

  it('replaces the footer links, checked', async () => {
    const bad = await call('PUT', '/api/admin/site/lumo/external-services', admin, {
      contactLinks: [],
      links: [{ type: 'HOME_PAGE', url: 'javascript:alert(1)', label: null, localeId: null }],
    });
    expect(bad.statusCode).toBe(400);
    const twice = await call('PUT', '/api/admin/site/lumo/external-services', admin, {
      contactLinks: [],
      links: [
        { type: 'HOME_PAGE', url: 'https://a.example/', label: null, localeId: null },
        { type: 'HOME_PAGE', url: 'https://b.example/', label: null, localeId: null },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const changed = await call('PUT', '/api/admin/site/lumo/external-services', admin, {
      contactLinks: [{ type: 'PHONE', url: 'tel:+358 9 1234', label: '+358 9 1234', localeId: null }],
      links: [{ type: 'PRIVACY_POLICY', url: 'https://lumo.example/privacy', label: '', localeId: 'en-GB' }],
    });
    expect(changed.statusCode).toBe(200);
    const site = (await call('GET', '/api/site', undefined)).json();
    expect(site.contactLinks).toEqual([{ type: 'PHONE', label: '+358 9 1234', url: 'tel:+358 9 1234', localeId: null }]);
    expect(site.links).toEqual([
      { type: 'PRIVACY_POLICY', label: 'https://lumo.example/privacy', url: 'https://lumo.example/privacy', localeId: 'en-GB' },
    ]);
    expect((await lastChange('site links changed'))?.before).toMatchObject({ contactLinks: expect.any(Array) });
  });

  it('edits translations: missing first, ICU checked, applied to the public bundle, reverted', async () => {
    const read = await call('GET', '/api/admin/site/lumo/translations?locale=fi-FI', admin);
    expect(read.statusCode).toBe(200);
    const entries = read.json().entries as { key: string; defaultText: string | null; fallbackText: string; override: string | null }[];
    expect(entries.length).toBeGreaterThan(100);
    const firstPresent = entries.findIndex((entry) => entry.defaultText !== null);
    expect(entries.slice(firstPresent).every((entry) => entry.defaultText !== null)).toBe(true);
    const key = entries.find((entry) => entry.key === 'shell.sign-in')?.key ?? entries[firstPresent]!.key;

    expect((await call('GET', '/api/admin/site/lumo/translations?locale=lv-LV', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/site/lumo/translations', admin)).statusCode).toBe(400);
    const broken = await call('PATCH', '/api/admin/site/lumo/translations?locale=fi-FI', admin, { translations: { [key]: 'Hei {name' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'TRANSLATION_INVALID' });
    const unknownArgument = await call('PATCH', '/api/admin/site/lumo/translations?locale=fi-FI', admin, {
      translations: { [key]: 'Hei {stranger}' },
    });
    expect(unknownArgument.json()).toMatchObject({ code: 'TRANSLATION_INVALID' });
    const unknownKey = await call('PATCH', '/api/admin/site/lumo/translations?locale=fi-FI', admin, {
      translations: { 'no.such.key': 'x' },
    });
    expect(unknownKey.json()).toMatchObject({ code: 'TRANSLATION_KEY_UNKNOWN' });
    // One bad text refuses the whole change.
    const mixed = await call('PATCH', '/api/admin/site/lumo/translations?locale=fi-FI', admin, {
      translations: { [key]: 'Hyvä', [entries[firstPresent + 1]!.key]: '{' },
    });
    expect(mixed.statusCode).toBe(400);
    expect((await call('GET', '/api/translations/fi-FI', undefined)).json()[key]).not.toBe('Hyvä');

    const saved = await call('PATCH', '/api/admin/site/lumo/translations?locale=fi-FI', admin, {
      translations: { [key]: 'Tervetuloa Lumoon' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().entries.find((entry: { key: string }) => entry.key === key).override).toBe('Tervetuloa Lumoon');
    expect((await call('GET', '/api/translations/fi-FI', undefined)).json()[key]).toBe('Tervetuloa Lumoon');
    expect(await lastChange('site translations changed')).toMatchObject({
      before: { [key]: null },
      after: { [key]: 'Tervetuloa Lumoon' },
      details: 'fi-FI',
    });

    const reverted = await call('PATCH', '/api/admin/site/lumo/translations?locale=fi-FI', admin, { translations: { [key]: null } });
    expect(reverted.json().entries.find((entry: { key: string }) => entry.key === key).override).toBeNull();
    expect((await call('GET', '/api/translations/fi-FI', undefined)).json()[key]).toBe(
      entries.find((entry) => entry.key === key)!.defaultText,
    );
  });

  it('has no translation editor where the site lacks ADMIN_LOCALIZATION', async () => {
    const response = await call('GET', '/api/admin/site/virmalise/translations?locale=et-EE', otherAdmin, undefined, HOSTS.virmalise);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'FEATURE_DISABLED' });
  });

  it('reads the audit log of its own site, filtered and paged, and exports it as CSV', async () => {
    const all = await call('GET', '/api/admin/site/lumo/audit', admin);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ page: 1, pageSize: 50, total: expect.any(Number) });
    expect(all.json().entries[0]).toMatchObject({ personName: expect.any(String) });

    const byAction = (await call('GET', '/api/admin/site/lumo/audit?action=timezone', admin)).json();
    expect(byAction.total).toBe(0);
    const updated = (await call('GET', '/api/admin/site/lumo/audit?action=site%20updated', admin)).json();
    expect(updated.total).toBeGreaterThanOrEqual(4);
    expect(updated.entries.every((entry: { action: string }) => entry.action === 'site updated')).toBe(true);
    expect((await call('GET', '/api/admin/site/lumo/audit?person=Nobody', admin)).json().total).toBe(0);
    expect((await call('GET', '/api/admin/site/lumo/audit?person=M%C3%A4kinen&action=site%20updated', admin)).json().total).toBe(
      updated.total,
    );
    expect((await call('GET', '/api/admin/site/lumo/audit?from=2000-01-01&to=2000-01-31', admin)).json().total).toBe(0);
    expect((await call('GET', '/api/admin/site/lumo/audit?from=2026-02-30', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/site/lumo/audit?from=2026-03-02&to=2026-03-01', admin)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/site/lumo/audit?page=0', admin)).statusCode).toBe(400);
    // Virmalise's administrator sees nothing of Lumo's log, on either host.
    expect((await call('GET', '/api/admin/site/lumo/audit', otherAdmin, undefined, HOSTS.virmalise)).statusCode).toBe(403);
    const theirs = (
      await call('GET', '/api/admin/site/virmalise/audit?action=site%20updated', otherAdmin, undefined, HOSTS.virmalise)
    ).json();
    expect(theirs.total).toBe(0);

    const csv = await call('GET', '/api/admin/site/lumo/audit.csv?action=site%20updated', admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Aika;Henkilö;Asiakasnumero;Asiakkaan nimi;Toimenpide;Tulos;Lisätiedot;Ennen;Jälkeen');
    expect(lines).toHaveLength(updated.total + 1);
    expect(csv.body).toContain('Europe/Stockholm');
  });

  it("leaves no audit line for reading its own pages; one for reading customers' answers, exporting the log, and a refused change", async () => {
    const lines = async () => (await ctx.database.db.select().from(auditLog).where(eq(auditLog.siteId, 'lumo'))).length;
    const before = await lines();
    for (const url of ['/api/admin/site/lumo', '/api/admin/site/lumo/feedback-form', '/api/admin/site/lumo/audit', '/api/admin/locales']) {
      expect((await call('GET', url, admin)).statusCode).toBe(200);
    }
    expect(await lines()).toBe(before);

    const form = (await call('POST', '/api/admin/site/lumo/feedback-form/add', admin)).json();
    expect(await lines()).toBe(before + 1); // the change's own line, not the call's besides
    expect((await call('GET', `/api/admin/site/lumo/feedback/${form.formId}`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/site/lumo/audit.csv', admin)).statusCode).toBe(200);
    expect((await call('PATCH', '/api/admin/site/lumo', admin, { timezone: 'Mars/Olympus' })).statusCode).toBe(400);
    const page = (await call('GET', '/api/admin/site/lumo/audit', admin)).json();
    expect(page.entries.slice(0, 4).map((entry: { event: string; result: string }) => [entry.event, entry.result])).toEqual([
      ['admin-change-tried', 'refused'],
      ['audit-log-exported', 'done'],
      ['feedback-answers-read', 'done'],
      ['feedback-form-added', 'done'],
    ]);
  });

  it('tells what each kind of line says a person did, old lines too, and how it ended', async () => {
    const db = ctx.database.db;
    const line = (action: string, outcome: string, dataArea: 'invoices' | 'contact-details' | null = null) => ({
      siteId: 'lumo',
      action,
      outcome,
      requestId: 'test',
      dataArea,
    });
    await db
      .insert(auditLog)
      .values([
        line('GET /api/admin/site/:siteId/feedback-form', '200'),
        line('load-control relay-off', 'timed-out'),
        line('GET /api/invoices', '200', 'invoices'),
        line('PUT /api/me/contacts', '403', 'contact-details'),
        line('GET /api/info', '200'),
        line('search customers', '20+ found'),
        line('act-as cs_representative', 'refused'),
        line('POST /api/staff/support/tickets/:id/replies', 'ok'),
        line('sign out other sessions', '2 signed out'),
        line('meter reading entered (meter changed)', 'ok'),
        line('data export made', 'ok'),
        line('something new', 'ok'),
      ]);
    const entries = (await call('GET', '/api/admin/site/lumo/audit', admin)).json().entries.slice(0, 12).reverse();
    expect(
      entries.map((entry: { event: string; subject: string | null; result: string; count: string | null }) => [
        entry.event,
        entry.subject,
        entry.result,
        entry.count,
      ]),
    ).toEqual([
      ['admin-page-read', null, 'done', null],
      ['load-control-command', 'relay-off', 'timed-out', null],
      ['customer-data-read', 'invoices', 'done', null],
      ['customer-data-changed', 'contact-details', 'refused', null],
      ['acting-call', null, 'done', null],
      ['customers-searched', null, 'found', '20+'],
      ['acting-refused', null, 'refused', null],
      ['ticket-replied', null, 'done', null],
      ['other-sessions-signed-out', null, 'signed-out', '2'],
      ['meter-reading-entered', null, 'done', null],
      ['data-copy-made', null, 'done', null],
      ['other', 'something new', 'done', null],
    ]);
  });

  it('audits the feedback admin writes with before and after too', async () => {
    const added = await call('POST', '/api/admin/site/lumo/feedback-form/add', admin);
    const formId = added.json().formId;
    await call('PATCH', '/api/admin/site/lumo/feedback-form/update', admin, { formId, active: true });
    const line = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'feedback form updated'), eq(auditLog.siteId, 'lumo')));
    expect(line.at(-1)).toMatchObject({ before: { active: false }, after: { active: true } });
  });
});

describe('a site change reaches every server copy at once', () => {
  const copies = useTwoServerCopies();

  it('drops the kept site on the other copy when an administrator changes it on one', async () => {
    const [first, second] = copies as [ServerCopy, ServerCopy];
    const site = async (app: App) => (await app.inject({ url: '/api/site', headers: { host: HOSTS.lumo } })).json();
    expect((await site(second.app)).timezone).toBe('Europe/Helsinki');
    const admin = await sessionCookieFor(first.database.db, PEOPLE.jukkaAdmin, 'lumo');
    const changed = await first.app.inject({
      method: 'PATCH',
      url: '/api/admin/site/lumo',
      headers: { host: HOSTS.lumo, cookie: admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ timezone: 'Europe/Tallinn' }),
    });
    expect(changed.statusCode).toBe(200);
    // The second copy heard site_changed; give its listening connection the moment delivery takes.
    await expect.poll(async () => (await site(second.app)).timezone, { timeout: 2_000 }).toBe('Europe/Tallinn');
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { RELEASED_FEATURES } from '@portal/schema/features';
import { site, siteFeature } from '../../db/schema/sites.ts';
import { DEMO_SITES } from '../../db/seed/demo-sites.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { createSiteCache } from './site-cache.ts';

describe('site resolution and GET /api/site', () => {
  const ctx = useTestApp();

  it.each([
    [HOSTS.lumo, 'lumo', 'Lumo Energia Oy', 'aurora', 'fi-FI', ['fi-FI', 'sv-FI', 'en-GB']],
    [HOSTS.virmalise, 'virmalise', 'Virmalise Energia AS', 'baltic', 'et-EE', ['et-EE', 'en-GB', 'ru-RU']],
    [HOSTS.daugava, 'daugava', 'Daugavas Siltums SIA', 'daugava', 'lv-LV', ['lv-LV', 'en-GB', 'ru-RU']],
  ])('serves %s as its own site', async (host, id, companyName, themeId, defaultLocaleId, locales) => {
    const response = await ctx.app.inject({ url: '/api/site', headers: { host } });
    expect(response.statusCode).toBe(200);
    const site = response.json();
    expect(site).toMatchObject({ id, companyName, themeId, defaultLocaleId });
    expect(site.locales.map((locale: { id: string }) => locale.id)).toEqual(locales);
  });

  it('gives each site its own features and timezone', async () => {
    const lumo = (await ctx.app.inject({ url: '/api/site', headers: { host: HOSTS.lumo } })).json();
    const daugava = (await ctx.app.inject({ url: '/api/site', headers: { host: HOSTS.daugava } })).json();
    expect(lumo.timezone).toBe('Europe/Helsinki');
    expect(daugava.timezone).toBe('Europe/Riga');
    expect(lumo.features).toContain('COOKIE_CONSENT');
    expect(daugava.features).not.toContain('COOKIE_CONSENT');
    expect(lumo.gaMeasurementId).toBe('G-LUMO2026DEMO');
  });

  it('falls back to the configured default site for plain localhost', async () => {
    const response = await ctx.app.inject({ url: '/api/site', headers: { host: 'localhost:3000' } });
    expect(response.json().id).toBe('lumo');
  });

  it('sends strict security headers and echoes the request id', async () => {
    const response = await ctx.app.inject({
      url: '/api/site',
      headers: { host: HOSTS.lumo, 'x-request-id': 'client-req-0001' },
    });
    expect(response.headers['x-request-id']).toBe('client-req-0001');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
    );
    expect(response.headers['permissions-policy']).toContain('camera=()');
  });

  it('answers the encoded site byte for byte again, and a changed site as soon as the copy hears of the change', async () => {
    const get = () => ctx.app.inject({ url: '/api/site', headers: { host: HOSTS.daugava } });
    const first = await get();
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await get()).body).toBe(first.body);
    try {
      await ctx.database.db.update(site).set({ companyName: 'Daugavas Siltums AS' }).where(eq(site.id, 'daugava'));
      // The change arrives through the database's notification (decision 071), a moment after the write.
      await vi.waitFor(async () => expect((await get()).json()).toMatchObject({ id: 'daugava', companyName: 'Daugavas Siltums AS' }), {
        timeout: 5_000,
        interval: 50,
      });
      expect((await get()).body).toBe(first.body.replace('Daugavas Siltums SIA', 'Daugavas Siltums AS'));
    } finally {
      await ctx.database.db.update(site).set({ companyName: 'Daugavas Siltums SIA' }).where(eq(site.id, 'daugava'));
    }
  });

  it('replaces a malformed request id with its own', async () => {
    const response = await ctx.app.inject({ url: '/api/site', headers: { host: HOSTS.lumo, 'x-request-id': 'bad id <script>' } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('a server with no default site', () => {
  const ctx = useTestApp({ DEMO_MODE: 'false', AUTH_SECRET: 'a'.repeat(40) });

  it('answers 404 for a host name no site claims', async () => {
    const response = await ctx.app.inject({ url: '/api/site', headers: { host: 'unknown.example' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ name: 'NotFoundError', code: 'UNKNOWN_SITE', statusCode: 404 });
  });
});

describe('features a site holds but this release has not built', () => {
  const ctx = useTestApp();

  it('advertises only the features this release has built, whatever the site holds', async () => {
    await ctx.database.db.insert(siteFeature).values([
      { siteId: 'daugava', feature: 'MOBILE_LAYOUT_SMALL_BREAKPOINT' },
      { siteId: 'daugava', feature: 'REAL_TIME_COST_ESTIMATION' },
    ]);
    const daugava = (await ctx.app.inject({ url: '/api/site', headers: { host: HOSTS.daugava } })).json();
    expect(daugava.features).toContain('INVOICES');
    expect(daugava.features).not.toContain('MOBILE_LAYOUT_SMALL_BREAKPOINT');
    expect(daugava.features).not.toContain('REAL_TIME_COST_ESTIMATION');
    for (const demo of DEMO_SITES) expect(demo.features.filter((feature) => !RELEASED_FEATURES.has(feature))).toEqual([]);
  });
});

describe('the site cache under a burst of calls', () => {
  const ctx = useTestApp();

  it('reads a site once for calls that arrive together, and again once it was dropped', async () => {
    const db = ctx.database.db;
    const sites = createSiteCache(db);
    const select = vi.spyOn(db, 'select');
    try {
      const found = await Promise.all(Array.from({ length: 6 }, () => sites.findByHost('lumo.localhost')));
      expect(new Set(found.map((bootstrap) => bootstrap?.id))).toEqual(new Set(['lumo']));
      // The domain looked up with the site and its lists in one statement: one statement for six calls, not twelve.
      expect(select).toHaveBeenCalledTimes(1);
      select.mockClear();
      sites.forget('lumo');
      await Promise.all([sites.findById('lumo'), sites.findById('lumo'), sites.findById('virmalise')]);
      expect(select).toHaveBeenCalledTimes(2);

      // A host no site claims resolves to the default site in the same one statement (issue 30), and is kept so.
      select.mockClear();
      const unclaimed = await Promise.all(Array.from({ length: 3 }, () => sites.findByHost('127.0.0.1', 'virmalise')));
      expect(unclaimed.map((bootstrap) => bootstrap?.id)).toEqual(['virmalise', 'virmalise', 'virmalise']);
      expect(select).toHaveBeenCalledTimes(1);
      expect(sites.keptByHost('127.0.0.1')?.id).toBe('virmalise');
      // Without a default site, such a host has none.
      expect(await sites.findByHost('nowhere.example', null)).toBeNull();
    } finally {
      select.mockRestore();
    }
  });
});

import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { translationOverride } from '../../db/schema/sites.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

describe('GET /api/translations/:locale', () => {
  const ctx = useTestApp();
  const get = (host: string, url: string) => ctx.app.inject({ url, headers: { host } });
  /**
   * Overrides are kept with their site (decision 134): a write outside the admin area reaches a copy through the
   * database's notification, a moment after it commits, as any change to a site's rows does (decision 071).
   */
  const heard = (read: () => Promise<unknown>, expected: unknown) =>
    vi.waitFor(async () => expect(await read()).toEqual(expected), { timeout: 5_000, interval: 50 });
  /** Statements sent so far by the texts' route, by the copy's own per-request metric. */
  const textStatements = async () => {
    const { values } = await ctx.app.metrics.requestStatements.get();
    const sum = values.find(
      (value) => value.metricName === 'portal_http_request_statements_sum' && value.labels.route === '/api/translations/:locale',
    );
    return sum?.value ?? 0;
  };

  it('serves the web bundle of an offered locale', async () => {
    const response = await get(HOSTS.lumo, '/api/translations/sv-FI');
    expect(response.statusCode).toBe(200);
    expect(response.json()['nav.invoices']).toBe('Fakturor');
  });

  it('serves the mobile set on request', async () => {
    const response = await get(HOSTS.lumo, '/api/translations/fi-FI?set=mobile');
    expect(Object.keys(response.json()).every((key) => key.startsWith('mobile.'))).toBe(true);
  });

  it("applies the site's overrides to that site only", async () => {
    await ctx.database.db
      .insert(translationOverride)
      .values({ siteId: 'daugava', localeId: 'en-GB', bundle: 'web', key: 'nav.invoices', value: 'Bills' });
    await heard(async () => (await get(HOSTS.daugava, '/api/translations/en-GB')).json()['nav.invoices'], 'Bills');
    expect((await get(HOSTS.lumo, '/api/translations/en-GB')).json()['nav.invoices']).toBe('Invoices');
  });

  it('follows an override that is changed or removed, in the bundle and in the texts a page gives the address of', async () => {
    const addresses = new Set<string>();
    const bootstrapText = async () => {
      const html = (await get(HOSTS.daugava, '/invoices')).body;
      const json = /<script id="portal-bootstrap" type="application\/json" nonce="[^"]+">(.*?)<\/script>/s.exec(html)![1]!;
      const { translationsUrl } = JSON.parse(json) as { translationsUrl: string };
      addresses.add(translationsUrl);
      return (await get(HOSTS.daugava, translationsUrl)).json()['nav.contracts'];
    };
    const bundleText = async () => (await get(HOSTS.daugava, '/api/translations/lv-LV')).json()['nav.contracts'];
    const shipped = await bundleText();
    const where = and(eq(translationOverride.siteId, 'daugava'), eq(translationOverride.key, 'nav.contracts'));
    await ctx.database.db
      .insert(translationOverride)
      .values({ siteId: 'daugava', localeId: 'lv-LV', bundle: 'web', key: 'nav.contracts', value: 'Līgumi un pakalpojumi' });
    await heard(bundleText, 'Līgumi un pakalpojumi');
    expect(await bootstrapText()).toBe('Līgumi un pakalpojumi');
    await ctx.database.db.update(translationOverride).set({ value: 'Mani līgumi' }).where(where);
    await heard(bundleText, 'Mani līgumi');
    expect(await bootstrapText()).toBe('Mani līgumi');
    await ctx.database.db.delete(translationOverride).where(where);
    await heard(bundleText, shipped);
    expect(await bootstrapText()).toBe(shipped);
    // A browser keeps the texts at an address for good: each version of them has an address of its own, and the
    // shipped texts come back to theirs.
    expect(addresses.size).toBe(3);
  });

  it('serves the compiled form browsers take: texts with ICU syntax as syntax trees, an override too, the rest as text', async () => {
    await ctx.database.db.insert(translationOverride).values({
      siteId: 'daugava',
      localeId: 'en-GB',
      bundle: 'web',
      key: 'nav.home',
      value: "{count, plural, one {# bill} other {# bills}} for '{'you'}'",
    });
    const compiledNow = async () => (await get(HOSTS.daugava, '/api/translations/en-GB?form=compiled')).json();
    await heard(async () => Array.isArray((await compiledNow())['nav.home']), true);
    const compiled = await compiledNow();
    expect(compiled['nav.charts']).toBe('Charts');
    expect(compiled['nav.home']).toEqual([
      expect.objectContaining({ type: 6, value: 'count', pluralType: 'cardinal' }),
      { type: 0, value: ' for {you}' },
    ]);
    // Pages are given the compiled form's address.
    const html = (await get(HOSTS.daugava, '/invoices')).body;
    expect(html).toMatch(/\/api\/translations\/lv-LV\?set=web&amp;v=[\w-]{16}&amp;form=compiled/);
    // A form there is none of is refused, saying which there are.
    const refused = await get(HOSTS.daugava, '/api/translations/en-GB?form=xml');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatch(/text.*compiled/);
  });

  it("reads a site's overrides once while they are unchanged, and again once a change to them is heard", async () => {
    const contracts = async () => (await get(HOSTS.virmalise, '/api/translations/et-EE')).json()['nav.contracts'];
    const shipped = await contracts();
    /**
     * Kept with the site: once kept, the texts calls read none (they read them every time before). A read that overlapped
     * a change heard for any site (an earlier test's write) is not kept, and on PostgreSQL a statement of a moment may
     * count on the request beside it (decision 118): so asked until two calls in a row read nothing, which never comes
     * when every call reads the overrides.
     */
    const readsNone = () =>
      vi.waitFor(
        async () => {
          const before = await textStatements();
          await contracts();
          await get(HOSTS.virmalise, '/api/translations/et-EE?form=compiled');
          expect(await textStatements()).toBe(before);
        },
        { timeout: 5_000, interval: 50 },
      );
    await readsNone();
    const where = and(eq(translationOverride.siteId, 'virmalise'), eq(translationOverride.key, 'nav.contracts'));
    try {
      await ctx.database.db
        .insert(translationOverride)
        .values({ siteId: 'virmalise', localeId: 'et-EE', bundle: 'web', key: 'nav.contracts', value: 'Minu lepingud' });
      await heard(contracts, 'Minu lepingud');
      await readsNone();
    } finally {
      await ctx.database.db.delete(translationOverride).where(where);
    }
    await heard(contracts, shipped);
  });

  it('answers the pseudo-locale with every string marked', async () => {
    const bundle = (await get(HOSTS.lumo, '/api/translations/dev')).json();
    expect(bundle['nav.invoices']).not.toBe('Invoices');
    expect(bundle['nav.invoices']).toContain('⟦');
  });

  it('refuses a locale the site does not offer with 404 and an unknown one with 400', async () => {
    const notOffered = await get(HOSTS.lumo, '/api/translations/ru-RU');
    expect(notOffered.statusCode).toBe(404);
    expect(notOffered.json()).toMatchObject({ code: 'LOCALE_NOT_OFFERED' });
    const unknown = await get(HOSTS.lumo, '/api/translations/xx-XX');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues[0].path).toBe('params.locale');
    expect((await get(HOSTS.lumo, '/api/translations/fi-FI?set=desktop')).statusCode).toBe(400);
  });
});

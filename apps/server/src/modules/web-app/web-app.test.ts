import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/identity.ts';
import { siteMetaField } from '../../db/schema/sites.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

function bootstrapOf(html: string) {
  const json = /<script id="portal-bootstrap" type="application\/json" nonce="[^"]+">(.*?)<\/script>/s.exec(html)?.[1];
  return JSON.parse(json ?? 'null');
}

/** The texts at the address the page gives, fetched as the page's preload and the app fetch them. */
async function textsOf(ctx: ReturnType<typeof useTestApp>, host: string, html: string, headers: Record<string, string> = {}) {
  const url = bootstrapOf(html).translationsUrl as string;
  expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="${url.replaceAll('&', '&amp;')}">`);
  return ctx.app.inject({ url, headers: { host, ...headers } });
}

describe('index.html written for the site', () => {
  const ctx = useTestApp();
  const page = (host: string, headers: Record<string, string> = {}, url = '/dashboard?x=1') =>
    ctx.app.inject({ url, headers: { host, accept: 'text/html', ...headers } });

  it('paints the first frame with the site language, title, meta tags, favicon and theme', async () => {
    const response = await page(HOSTS.virmalise);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const html = response.body;
    expect(html).toContain('<html lang="et" data-mantine-color-scheme="light" data-theme="baltic">');
    expect(html).toContain('<title>Minu Virmalise</title>');
    expect(html).toContain('<meta name="description" content="Virmalise Energia iseteenindus');
    expect(html).toContain('href="/themes/baltic/favicon.svg"');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1" />');
    const bootstrap = bootstrapOf(html);
    expect(bootstrap.locale).toBe('et-EE');
    expect(bootstrap.site.id).toBe('virmalise');
    expect(bootstrap.translations).toBeUndefined();
    const texts = await textsOf(ctx, HOSTS.virmalise, html);
    expect(texts.json()['nav.invoices']).toBe('Arved');
  });

  it("answers /favicon.ico with the site theme's icon, not a page", async () => {
    const lumo = await ctx.app.inject({ url: '/favicon.ico', headers: { host: HOSTS.lumo } });
    expect(lumo.statusCode).toBe(200);
    expect(lumo.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(lumo.rawPayload.readUInt16LE(2)).toBe(1); // an ICO file: type 1, icon
    const virmalise = await ctx.app.inject({ url: '/favicon.ico', headers: { host: HOSTS.virmalise } });
    expect(virmalise.statusCode).toBe(200);
    expect(virmalise.rawPayload.equals(lumo.rawPayload)).toBe(false);
  });

  it('keeps the texts out of the page, at a versioned address the browser keeps for good', async () => {
    const html = (await page(HOSTS.lumo)).body;
    expect(html.length).toBeLessThan(20_000);
    expect(bootstrapOf(html).translationsUrl).toMatch(/^\/api\/translations\/fi-FI\?set=web&v=[\w-]{16}&form=compiled$/);
    // Every page of the site in that locale gives the same address, for the same texts.
    expect(bootstrapOf((await page(HOSTS.lumo, {}, '/invoices')).body).translationsUrl).toBe(bootstrapOf(html).translationsUrl);
    const texts = await textsOf(ctx, HOSTS.lumo, html, { 'accept-encoding': 'br' });
    expect(texts.statusCode).toBe(200);
    expect(texts.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(texts.headers['content-encoding']).toBe('br');
    // The same texts asked for without the version, or with another, are asked again each time.
    const unversioned = await ctx.app.inject({ url: '/api/translations/fi-FI', headers: { host: HOSTS.lumo } });
    expect(unversioned.headers['cache-control']).toBe('no-cache');
    const stale = await ctx.app.inject({ url: '/api/translations/fi-FI?set=web&v=an-old-version000', headers: { host: HOSTS.lumo } });
    expect(stale.headers['cache-control']).toBe('no-cache');
    expect(stale.json()).toEqual(unversioned.json());
  });

  it("writes the signed-in person's session and actor info as their own calls answer them; none for a stranger", async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    const ask = (url: string, headers: Record<string, string>) => ctx.app.inject({ url, headers: { host: HOSTS.lumo, ...headers } });
    const signedIn = bootstrapOf((await page(HOSTS.lumo, { cookie })).body).signedIn;
    expect(signedIn.session).toEqual((await ask('/api/auth/session', { cookie })).json());
    expect(signedIn.info).toEqual((await ask('/api/info', { cookie })).json());
    expect(signedIn.info.customer).toMatchObject({ clientCode: 'LUMO-100001' });
    expect(bootstrapOf((await page(HOSTS.lumo)).body).signedIn).toBeNull();
    expect(bootstrapOf((await page(HOSTS.lumo, { cookie: 'authjs.session-token=not-a-session' })).body).signedIn).toBeNull();
    // A session of one site is nobody on another.
    expect(bootstrapOf((await page(HOSTS.virmalise, { cookie })).body).signedIn).toBeNull();
  });

  it('gives the sign-in page its ways in and a CSRF token, and no other page', async () => {
    const signIn = await page(HOSTS.lumo, {}, '/auth/signin');
    expect(bootstrapOf(signIn.body).signInForm).toMatchObject({ providers: [{ id: 'eid', name: 'e-ID' }], csrfToken: expect.any(String) });
    expect(signIn.cookies.map((cookie) => cookie.name)).toContain('authjs.csrf-token');
    // Auth.js sends the form's post on to the e-ID broker: the page's CSP lets the browser follow there, and only there.
    expect(signIn.headers['content-security-policy']).toMatch(/form-action 'self' https?:\/\/[^ ;/]+;/);
    const dashboard = await page(HOSTS.lumo, {}, '/dashboard');
    expect(bootstrapOf(dashboard.body).signInForm).toBeNull();
    expect(dashboard.headers['content-security-policy']).toContain("form-action 'self';");
  });

  it('leaves no audit line for a page staff open while acting for a customer: the calls it makes leave theirs', async () => {
    const cookie = await sessionCookieFor(ctx.database.db, PEOPLE.sannaStaff, 'lumo', 'cs-representative-code=LUMO-100001');
    const before = await ctx.database.db.select().from(auditLog);
    const signedIn = bootstrapOf((await page(HOSTS.lumo, { cookie })).body).signedIn;
    expect(signedIn.info).toMatchObject({ actingAs: 'staff', customer: { clientCode: 'LUMO-100001' } });
    expect(await ctx.database.db.select().from(auditLog)).toHaveLength(before.length);
  });

  it("links what the page loads after the entry script: its texts, the page's chunks and the site's theme", async () => {
    const response = await page(HOSTS.lumo);
    const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))![1]!;
    const links = response.body.match(/<link rel="(?:modulepreload|preload)"[^>]*>/g);
    expect(links).toEqual([
      expect.stringMatching(
        /^<link rel="preload" as="fetch" crossorigin href="\/api\/translations\/fi-FI\?set=web&amp;v=[\w-]+&amp;form=compiled">$/,
      ),
      `<link rel="modulepreload" href="/assets/aurora-test.js" nonce="${nonce}">`,
      `<link rel="modulepreload" href="/assets/dashboard-test.js" nonce="${nonce}">`,
      '<link rel="preload" as="style" crossorigin href="/assets/dashboard-test.css">',
    ]);
    expect((await page(HOSTS.virmalise, {}, '/invoices')).body.match(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g)).toEqual([
      expect.stringContaining('/api/translations/et-EE?set=web'),
      expect.stringContaining('/assets/baltic-test.js'),
    ]);
  });

  it('signs every script with the nonce of its CSP header, a new one each response', async () => {
    const response = await page(HOSTS.lumo);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'strict-dynamic' 'nonce-[^']+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const nonce = /script-src 'strict-dynamic' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const again = await page(HOSTS.lumo);
    expect(String(again.headers['content-security-policy'])).not.toContain(nonce);
    const scripts = response.body.match(/<script[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it('lower-cases meta names and escapes what an admin typed', async () => {
    await ctx.database.db.insert(siteMetaField).values({
      siteId: 'daugava',
      localeId: 'lv-LV',
      name: 'Author',
      content: '"><script>alert(1)</script>',
    });
    const html = (await page(HOSTS.daugava)).body;
    expect(html).toContain('<meta name="author" content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;">');
    expect(html).not.toContain('<script>alert(1)');
  });

  it('falls back to the company name when the locale has no TITLE', async () => {
    const html = (await page(HOSTS.lumo, { cookie: 'NEXT_LOCALE=en-GB' })).body;
    expect(html).toContain('<title>My Lumo</title>');
    // The sites have no Russian title on Lumo (not offered), so ask Virmalise in Russian and remove nothing:
    const ru = (await page(HOSTS.virmalise, { cookie: 'NEXT_LOCALE=ru-RU' })).body;
    expect(ru).toContain('<title>Мой Virmalise</title>');
  });

  it('uses the locale cookie only when the site offers that locale', async () => {
    expect(bootstrapOf((await page(HOSTS.lumo, { cookie: 'NEXT_LOCALE=sv-FI' })).body).locale).toBe('sv-FI');
    expect(bootstrapOf((await page(HOSTS.lumo, { cookie: 'NEXT_LOCALE=et-EE' })).body).locale).toBe('fi-FI');
  });

  it("uses the site's default locale when there is no cookie, whatever the browser's language", async () => {
    const response = await page(HOSTS.daugava, { 'accept-language': 'ru-RU,ru;q=0.8,en;q=0.5' });
    expect(bootstrapOf(response.body).locale).toBe('lv-LV');
    expect(response.body).toContain('<html lang="lv"');
  });

  it('follows the device scheme on dark-theme sites unless the person chose one', async () => {
    const auto = await page(HOSTS.lumo);
    expect(bootstrapOf(auto.body).colorScheme).toBe('auto');
    expect(auto.body).toContain("matchMedia('(prefers-color-scheme: dark)')");
    const dark = await page(HOSTS.lumo, { cookie: 'color-scheme=dark; color-scheme-override=true' });
    expect(dark.body).toContain('data-mantine-color-scheme="dark"');
    const notOverridden = await page(HOSTS.lumo, { cookie: 'color-scheme=dark' });
    expect(bootstrapOf(notOverridden.body).colorScheme).toBe('auto');
  });

  it('forces light on a site without the dark-theme feature', async () => {
    const response = await page(HOSTS.daugava, { cookie: 'color-scheme=dark; color-scheme-override=true' });
    expect(response.body).toContain('data-mantine-color-scheme="light"');
    expect(bootstrapOf(response.body).colorScheme).toBe('light');
  });

  it('gives a new browser its anonymous user id and analytics session id', async () => {
    const response = await page(HOSTS.lumo);
    const cookies = response.cookies;
    const userId = cookies.find((cookie) => cookie.name === '__user-id');
    expect(userId).toMatchObject({ path: '/', secure: true, sameSite: 'Lax' });
    expect(userId?.httpOnly).toBeFalsy();
    expect(userId?.maxAge).toBeGreaterThan(300 * 24 * 3600);
    expect(cookies.find((cookie) => cookie.name === 'session_id')?.maxAge).toBeUndefined();
    const again = await page(HOSTS.lumo, { cookie: `__user-id=${userId?.value}; session_id=abc` });
    expect(again.cookies).toEqual([]);
  });

  it('answers 404 with the app, which shows its not-found page, for a path that is none of its pages', async () => {
    for (const path of ['/dashboard', '/Dashboard', '/dashboard/', '/invoices?type=paid', '/invoices/inv-1/confirmation', '/files/a/b']) {
      expect((await page(HOSTS.lumo, {}, path)).statusCode, path).toBe(200);
    }
    for (const path of ['/no-such-page', '/invoices/inv-1', '/invoices/inv-1/confirmation/more', '/invoices/inv-1/bogus', '/files']) {
      const response = await page(HOSTS.lumo, {}, path);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(bootstrapOf(response.body).site.id).toBe('lumo');
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'strict-dynamic'");
    }
  });

  it('answers 404 for a page whose feature the site does not have', async () => {
    // Lumo's meters can be switched; Daugava's heating customers have nothing to control.
    expect((await page(HOSTS.lumo, {}, '/power-control')).statusCode).toBe(200);
    expect((await page(HOSTS.daugava, {}, '/power-control')).statusCode).toBe(404);
  });

  it('keeps API paths out of the page fallback', async () => {
    const response = await ctx.app.inject({ url: '/api/no-such-call', headers: { host: HOSTS.lumo } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ name: 'NotFoundError', statusCode: 404 });
  });

  it('serves hashed assets as immutable', async () => {
    const response = await ctx.app.inject({ url: '/assets/index-test.js', headers: { host: HOSTS.lumo } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('draws the consent banner while this browser has not answered the current revision of the consent', async () => {
    const at = new Date().toISOString();
    const record = (revision: number) =>
      `cc_cookie=${encodeURIComponent(JSON.stringify({ categories: ['necessary'], revision, consentId: 'a-b', consentTimestamp: at, lastConsentTimestamp: at }))}`;
    const asked = async (host: string, cookie?: string) => bootstrapOf((await page(host, cookie ? { cookie } : {})).body).consentAsked;
    expect(await asked(HOSTS.lumo)).toBe(true);
    expect(await asked(HOSTS.lumo, record(1))).toBe(false);
    expect(await asked(HOSTS.lumo, record(0))).toBe(true);
    expect(await asked(HOSTS.lumo, 'cc_cookie=%7Bbroken')).toBe(true);
    // A site that does not ask for consent draws no banner.
    const noConsentSite = (await ctx.app.inject({ url: '/api/site', headers: { host: HOSTS.daugava } })).json();
    expect(await asked(HOSTS.daugava)).toBe(noConsentSite.features.includes('COOKIE_CONSENT'));
  });
});

describe('the web app’s source maps (SOURCE_MAPS, decision 101)', () => {
  const shown = useTestApp({ SOURCE_MAPS: 'public' });
  const hidden = useTestApp({ SOURCE_MAPS: 'none' });
  const get = (ctx: ReturnType<typeof useTestApp>, url: string) => ctx.app.inject({ url, headers: { host: HOSTS.lumo } });

  it('serves a script’s map and names it in a SourceMap header where operators make them public', async () => {
    const script = await get(shown, '/assets/index-test.js');
    expect(script.headers.sourcemap).toBe('index-test.js.map');
    const map = await get(shown, '/assets/index-test.js.map');
    expect(map.statusCode).toBe(200);
    expect(map.json()).toMatchObject({ version: 3, file: 'index-test.js' });
  });

  it('answers 404 for the maps, and names none, where they are not', async () => {
    const map = await get(hidden, '/assets/index-test.js.map');
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('sourcesContent');
    const script = await get(hidden, '/assets/index-test.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers.sourcemap).toBeUndefined();
  });
});

describe('the dev pseudo-locale', () => {
  const ctx = useTestApp();

  it('paints the page in the pseudo-locale when the locale cookie says dev', async () => {
    const response = await ctx.app.inject({ url: '/', headers: { host: HOSTS.lumo, cookie: 'NEXT_LOCALE=dev' } });
    const bootstrap = bootstrapOf(response.body);
    expect(bootstrap.locale).toBe('dev');
    expect((await textsOf(ctx, HOSTS.lumo, response.body)).json()['nav.home']).toMatch(/^⟦.*⟧$/);
    expect(response.body).toContain('<html lang="en"');
  });
});

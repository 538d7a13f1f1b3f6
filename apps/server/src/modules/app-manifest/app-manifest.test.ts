import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { siteFeature } from '../../db/schema/sites.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

describe('the installable app of each site', () => {
  const ctx = useTestApp();

  it("serves each site's manifest: its name in the reader's language, its theme's icons and colours, standalone", async () => {
    const lumo = await ctx.app.inject({ url: '/manifest.webmanifest', headers: { host: HOSTS.lumo, cookie: 'NEXT_LOCALE=sv-FI' } });
    expect(lumo.headers['content-type']).toContain('application/manifest+json');
    expect(lumo.json()).toEqual({
      id: '/',
      name: 'Mitt Lumo',
      short_name: 'Mitt Lumo',
      lang: 'sv',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0B1D2A',
      background_color: '#F5FBFC',
      icons: [
        { src: '/themes/aurora/app-logo.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        { src: '/themes/aurora/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/themes/aurora/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/themes/aurora/notification-icon.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      ],
    });
    const daugava = await ctx.app.inject({ url: '/manifest.webmanifest', headers: { host: HOSTS.daugava } });
    expect(daugava.json()).toMatchObject({ name: 'Mans Daugavas Siltums', short_name: 'Daugavas', lang: 'lv', theme_color: '#2C3640' });
  });

  it('links the manifest from every page of a site with the app, and not elsewhere', async () => {
    const page = await ctx.app.inject({ url: '/dashboard', headers: { host: HOSTS.lumo } });
    expect(page.body).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(page.body).toContain('<meta name="theme-color" content="#0B1D2A">');
    // Virmalise without the app (asked before any call there, so no cached copy of the site differs).
    await ctx.database.db.delete(siteFeature).where(and(eq(siteFeature.siteId, 'virmalise'), eq(siteFeature.feature, 'PWA')));
    const plain = await ctx.app.inject({ url: '/dashboard', headers: { host: HOSTS.virmalise } });
    expect(plain.body).not.toContain('rel="manifest"');
    expect((await ctx.app.inject({ url: '/manifest.webmanifest', headers: { host: HOSTS.virmalise } })).statusCode).toBe(404);
  });

  it('serves the service worker with this release in it, never from a cache, and the offline page with its own policy', async () => {
    const worker = await ctx.app.inject({ url: '/sw.js', headers: { host: HOSTS.lumo } });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('text/javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    // The worker fetches its site's pages and offline page: the API's "nothing at all" policy would stop its install.
    expect(worker.headers['content-security-policy']).toContain("default-src 'self'");
    expect(worker.body).toContain('const RELEASE = "1.2.3-test";');
    expect(worker.body).toContain("self.addEventListener('push'");
    const offline = await ctx.app.inject({ url: '/offline.html', headers: { host: HOSTS.lumo } });
    expect(offline.body).toContain('<html lang="fi">');
    expect(offline.body).toContain('Ei verkkoyhteyttä');
    expect(offline.headers['content-security-policy']).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(offline.body).not.toContain('<script');
  });
});

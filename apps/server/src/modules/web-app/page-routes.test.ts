import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPageRoutes } from './page-routes.ts';

const log = { warn: vi.fn() };
let distDir: string;

function routesOf(manifest: string | null) {
  distDir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  if (manifest !== null) writeFileSync(join(distDir, 'route-manifest.json'), manifest);
  return loadPageRoutes(distDir, log);
}

const buildWith = (manifest: string | null) => routesOf(manifest).isAppPage;

describe('pages of the app (decision 021)', () => {
  afterEach(() => rmSync(distDir, { recursive: true, force: true }));

  const everything = ['INVOICES', 'CONTRACTS', 'RELAY_CONTROL'];

  it('matches literal segments without regard to case and a $param as any one segment', () => {
    const isPage = buildWith(JSON.stringify({ pages: ['/', '/files/$name', '/invoices/$id/$step'] }));
    expect(isPage('/', everything)).toBe(true);
    expect(isPage('/FILES/a%20b', everything)).toBe(true);
    expect(isPage('/INVOICES/a%20b/failed', everything)).toBe(true);
    expect(isPage('/invoices/a', everything)).toBe(false);
    expect(isPage('/charts', everything)).toBe(false);
  });

  it('knows every step of the payment flow, so another step is no page', () => {
    const isPage = buildWith(JSON.stringify({ pages: ['/invoices/$id/$step'] }));
    expect(isPage('/invoices/x/confirmation', everything)).toBe(true);
    expect(isPage('/invoices/x/bogus', everything)).toBe(false);
  });

  it('leaves out the pages of a feature the site does not have', () => {
    const isPage = buildWith(JSON.stringify({ pages: ['/contracts', '/power-control', '/invoices/$id/$step'] }));
    expect(isPage('/contracts', ['INVOICES'])).toBe(false);
    expect(isPage('/invoices/x/failed', ['CONTRACTS'])).toBe(false);
    expect(isPage('/power-control', ['LIVE_READINGS'])).toBe(true);
    expect(isPage('/power-control', ['INVOICES'])).toBe(false);
  });

  it('leaves out the move-out pages where customer service manages contracts (decision 032)', () => {
    const isPage = buildWith(JSON.stringify({ pages: ['/contracts', '/contracts/$id/move-out', '/contracts/$id/move-out/confirmation'] }));
    expect(isPage('/contracts/ct-1/move-out', ['CONTRACTS'])).toBe(true);
    expect(isPage('/contracts/ct-1/move-out/confirmation', ['CONTRACTS'])).toBe(true);
    expect(isPage('/contracts/ct-1/move-out', ['CONTRACTS', 'CONTRACT_MANAGEMENT_DISABLED'])).toBe(false);
    expect(isPage('/contracts', ['CONTRACTS', 'CONTRACT_MANAGEMENT_DISABLED'])).toBe(true);
  });

  it('counts every path as a page when the build has no manifest, as before there was one', () => {
    expect(buildWith(null)('/anything', [])).toBe(true);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ file: expect.stringContaining('route-manifest.json') }),
      expect.any(String),
    );
  });

  it('preloads what a first visit of a page needs after the entry: its chunks and the theme (decision 086)', () => {
    const routes = routesOf(
      JSON.stringify({
        pages: ['/contracts/$id/offer', '/contracts/sign', '/dashboard'],
        preloads: {
          pages: {
            '/contracts/$id/offer': ['assets/offer.js'],
            '/contracts/sign': ['assets/sign.js', 'assets/sign.css'],
            '/dashboard': ['assets/dashboard.js', 'assets/card.js'],
          },
          themes: { aurora: ['assets/aurora.js', 'assets/card.js'] },
        },
      }),
    );
    expect(routes.preloadsFor('/dashboard', 'aurora')).toEqual(['assets/aurora.js', 'assets/card.js', 'assets/dashboard.js']);
    expect(routes.preloadsFor('/contracts/sign', 'baltic')).toEqual(['assets/sign.js', 'assets/sign.css']);
    expect(routes.preloadsFor('/contracts/ct-1/offer', 'baltic')).toEqual(['assets/offer.js']);
    expect(routes.preloadsFor('/no-page', 'aurora')).toEqual([]);
    expect(routesOf(JSON.stringify({ pages: ['/dashboard'] })).preloadsFor('/dashboard', 'aurora')).toEqual([]);
  });

  it('refuses to start on a manifest that is not one', () => {
    expect(() => buildWith(JSON.stringify({ pages: ['no-slash'] }))).toThrow();
  });
});

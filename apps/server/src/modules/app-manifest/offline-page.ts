import { createHash } from 'node:crypto';
import escapeHtml from 'escape-html';
import { bundleFor } from '@portal/locales/bundles';
import { languageOf, type BundleLocaleId } from '@portal/schema/locale-ids';
import type { SiteBootstrap } from '@portal/schema/site';
import { siteTitleFor } from '@portal/schema/site-title';
import { THEME_APP_ASSETS } from '@portal/schema/theme-assets';

/**
 * The page the service worker shows when a page cannot be loaded: the site's name, logo and colours and a link to try
 * again. Self-contained (no script; one style element allowed by its hash), as it is kept in the browser's cache.
 */
export function offlinePage(site: SiteBootstrap, locale: BundleLocaleId): { html: string; contentSecurityPolicy: string } {
  const texts = bundleFor('web', locale);
  const text = (key: string) => escapeHtml(texts[key] ?? key);
  const assets = THEME_APP_ASSETS[site.themeId];
  const style = `body{margin:0;font-family:system-ui,sans-serif;background:${assets.backgroundColor};color:#1b1f24;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{max-width:28rem;padding:2rem;text-align:center}header{background:${assets.themeColor};padding:1rem;border-radius:12px;margin-bottom:1.5rem}
img{max-height:48px;max-width:100%}a{display:inline-block;margin-top:1rem;padding:.75rem 1.25rem;border-radius:8px;background:#1b1f24;color:#fff;text-decoration:none}`;
  const hash = createHash('sha256').update(style).digest('base64');
  const html = `<!doctype html>
<html lang="${languageOf(locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text('pwa.offline.title')} - ${escapeHtml(siteTitleFor(site, locale))}</title>
<style>${style}</style></head>
<body><main>
<header><img src="/themes/${site.themeId}/logo.svg" alt="${escapeHtml(site.companyName)}"></header>
<h1>${text('pwa.offline.title')}</h1>
<p>${text('pwa.offline.body')}</p>
<a href="/">${text('pwa.offline.retry')}</a>
</main></body></html>`;
  return {
    html,
    contentSecurityPolicy: `default-src 'none'; img-src 'self'; style-src 'sha256-${hash}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
  };
}

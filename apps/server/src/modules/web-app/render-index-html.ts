import escapeHtml from 'escape-html';
import { languageOf } from '@portal/schema/locale-ids';
import type { PageBootstrap } from '@portal/schema/site';
import { siteTitleFor } from '@portal/schema/site-title';
import { THEME_APP_ASSETS } from '@portal/schema/theme-assets';

/**
 * `nonce` signs scripts; `styleNonce` is handed to the app (through an empty style element) for the styles it injects;
 * `preloads` are build files (assets/…) the page loads after the entry script, linked so they load beside it.
 */
export type IndexHtmlInput = PageBootstrap & {
  nonce: string;
  styleNonce: string;
  preloads: string[];
  /** The page drawn on the server (server-render.ts), for the root element; null leaves it to the browser. */
  rootHtml: string | null;
  /** The drawn page's own document title; without one the page is titled with the site's title alone. */
  pageTitle: string | null;
};

/** JSON inside a script element must not be able to close it: escape `<` and the line separators JS rejects. */
const embedJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

// Runs before first paint so a person whose device is dark never sees a light flash.
const followDeviceScheme =
  "document.documentElement.dataset.mantineColorScheme=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'";

/**
 * Writes the site into the built index.html so the first paint already has the site's language, the page's
 * title, meta tags, favicon, colour scheme and theme; every script carries the response's CSP nonce.
 */
export function renderIndexHtml(template: string, input: IndexHtmlInput): string {
  const { nonce, styleNonce, preloads, rootHtml, pageTitle, ...bootstrap } = input;
  const nonceAttribute = `nonce="${escapeHtml(nonce)}"`;
  const metaTags = bootstrap.site.metaFields
    .filter((field) => field.localeId === bootstrap.locale && field.name.toUpperCase() !== 'TITLE')
    .map((field) => `<meta name="${escapeHtml(field.name.toLowerCase())}" content="${escapeHtml(field.content)}">`);
  const head = [
    `<title>${escapeHtml(pageTitle ?? siteTitleFor(bootstrap.site, bootstrap.locale))}</title>`,
    ...metaTags,
    `<link rel="icon" type="image/svg+xml" href="/themes/${bootstrap.site.themeId}/favicon.svg">`,
    // The installable app (docs/decisions/045): the site's manifest, its colour for the browser's bar, its home-screen icon.
    ...(bootstrap.site.features.includes('PWA')
      ? [
          `<link rel="manifest" href="/manifest.webmanifest">`,
          `<meta name="theme-color" content="${THEME_APP_ASSETS[bootstrap.site.themeId].themeColor}">`,
          `<link rel="apple-touch-icon" href="${THEME_APP_ASSETS[bootstrap.site.themeId].notificationIcon ?? THEME_APP_ASSETS[bootstrap.site.themeId].icon}">`,
        ]
      : []),
    // The texts, which the app needs before it can take the page over: loaded beside its scripts, kept by the
    // browser for the next visit (decision 092). `crossorigin`, as the app's fetch asks (same-origin credentials).
    `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(bootstrap.translationsUrl)}">`,
    ...preloads.map((file) =>
      file.endsWith('.css')
        ? // A page drawn on the server needs its styles before its first paint; otherwise they only load early.
          // `crossorigin` as Vite's own stylesheet links have it: a preload fetched another way is fetched twice.
          `<link rel="${rootHtml ? 'stylesheet' : 'preload" as="style'}" crossorigin href="/${escapeHtml(file)}">`
        : `<link rel="modulepreload" href="/${escapeHtml(file)}" ${nonceAttribute}>`,
    ),
    `<script id="portal-bootstrap" type="application/json" ${nonceAttribute}>${embedJson(bootstrap)}</script>`,
    `<style id="portal-style-nonce" nonce="${escapeHtml(styleNonce)}"></style>`,
    bootstrap.colorScheme === 'auto' ? `<script ${nonceAttribute}>${followDeviceScheme}</script>` : '',
  ]
    .filter(Boolean)
    .join('\n    ');
  const scheme = bootstrap.colorScheme === 'dark' ? 'dark' : 'light';
  return (
    template
      .replace(
        /<html[^>]*>/,
        `<html lang="${languageOf(bootstrap.locale)}" data-mantine-color-scheme="${scheme}" data-theme="${bootstrap.site.themeId}">`,
      )
      .replace(/<title>[^<]*<\/title>/, '')
      // The build's own scripts are given the nonce before the head and the page go in, which carry theirs: the
      // search runs over the short template, not over the drawn page.
      .replace(/<script(?![^>]*\snonce=)/g, `<script ${nonceAttribute}`)
      .replace('<!--app-head-->', () => head)
      .replace('<div id="root"></div>', () => `<div id="root">${rootHtml ?? ''}</div>`)
  );
}

import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { THEME_APP_ASSETS } from '@portal/schema/theme-assets';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CONSENT_COOKIE, consentAnswered } from '@portal/schema/cookie-consent';
import type { PageBootstrap } from '@portal/schema/site';
import { AppError } from '../../platform/errors.ts';
import { pageLocale } from '../../platform/request-locale.ts';
import { createPageNonces, pageContentSecurityPolicy } from '../../platform/security.ts';
import { SIGN_IN_PAGE, type SignInFormOfPage } from '../auth/sign-in-form.ts';
import { siteTexts, siteTextsUrl, type TextsSource } from '../translations/site-translations.ts';
import type { Database } from '../../platform/database.ts';
import { resolveColorScheme } from './color-scheme.ts';
import { loadPageRoutes } from './page-routes.ts';
import { renderIndexHtml } from './render-index-html.ts';
import { loadServerRender } from './server-render.ts';

export const USER_ID_COOKIE = '__user-id';
export const SESSION_ID_COOKIE = 'session_id';
const yearInSeconds = 365 * 24 * 60 * 60;

type Options = {
  distDir: string;
  /** `public`: the build's source maps are served and each script names its map; `none`: they are not (decision 101). */
  sourceMaps: 'public' | 'none';
  appVersion: string;
  db: Database;
  sites: TextsSource['sites'];
  /** The session and actor info of a page request's signed-in person (its actor is resolved, see actor.ts). */
  signedIn: (request: FastifyRequest) => PageBootstrap['signedIn'];
  /** The sign-in page's ways in and CSRF token, with the cookie that goes with a new token (auth/sign-in-form.ts). */
  signInForm: (request: FastifyRequest) => Promise<SignInFormOfPage>;
};

/**
 * Serves the built web app: hashed assets for a year, every page as index.html written for its site; a path that is
 * none of the app's pages gets the same document with status 404.
 */
export const webAppRoutes: FastifyPluginAsync<Options> = async (
  app,
  { distDir, sourceMaps, appVersion, db, sites, signedIn, signInForm },
) => {
  const indexPath = join(distDir, 'index.html');
  const template = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
  const pages = template ? loadPageRoutes(distDir, app.log) : { isAppPage: () => true, preloadsFor: () => [] };
  const serverRender = template ? loadServerRender(distDir, app.log) : async () => null;
  const maps = new Set(sourceMaps === 'public' && template ? scriptsWithMaps(join(distDir, 'assets')) : []);
  if (template) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build's .br and .gz copies (apps/web/precompress.ts), chosen by Accept-Encoding, with Vary. They are
      // found beside their file and need no route of their own: a third fewer routes to set up at start.
      preCompressed: true,
      // The server render (server-render.ts) is the server's code, not a file for browsers; source maps are the
      // operators' to give out (decision 101: the build leaves no sourceMappingURL comment in the scripts).
      globIgnore: ['**/*.br', '**/*.gz', 'server/**', ...(sourceMaps === 'public' ? [] : ['**/*.map'])],
      setHeaders: (res, path) => {
        const immutable = path.includes(`${join(distDir, 'assets')}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        // Developer tools find a script's map by this header (the script itself no longer names it).
        const script = path.replace(/\.(?:br|gz)$/, '');
        if (maps.has(script)) res.header('sourcemap', `${basename(script)}.map`);
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app is not built: pages answer 503 until `npm run build` has run');
  }

  async function renderPage(request: FastifyRequest, reply: FastifyReply) {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      throw new AppError('ROUTE_NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`);
    }
    if (!template) {
      return reply.status(503).type('text/plain').send('The web app is not built. Run `npm run build` and restart.');
    }
    ensureClientCookies(request, reply);
    const nonces = createPageNonces();
    const locale = pageLocale(request);
    const path = request.url.split('?')[0]!;
    const texts = await siteTexts({ db, sites }, request.site, locale, 'web');
    const person = signedIn(request);
    // The sign-in page of a signed-out visit is forms that post without script (decision 104).
    const signIn = !person && path.replace(/(.)\/$/, '$1').toLowerCase() === SIGN_IN_PAGE ? await signInForm(request) : null;
    for (const cookie of signIn?.setCookies ?? []) reply.header('set-cookie', cookie);
    const bootstrap: PageBootstrap = {
      site: request.site,
      locale,
      colorScheme: resolveColorScheme(request.site, request.cookies),
      appVersion,
      translationsUrl: siteTextsUrl(locale, 'web', texts.version, 'compiled'),
      signedIn: person,
      signInForm: signIn?.form ?? null,
      consentAsked: request.site.features.includes('COOKIE_CONSENT') && !consentAnswered(request.cookies[CONSENT_COOKIE]),
    };
    const drawn = await serverRender({
      url: request.url,
      initial: { ...bootstrap, translations: texts.bundle },
      scriptNonce: nonces.script,
      styleNonce: nonces.style,
    });
    const isPage = pages.isAppPage(path, request.site.features);
    // A page that sends the visitor on (a sign-in the page needs, a person's own landing) does so before any script.
    if (isPage && drawn && 'redirect' in drawn) return reply.header('cache-control', 'no-store').redirect(drawn.redirect, 302);
    const page = drawn && 'html' in drawn ? drawn : null;
    const html = renderIndexHtml(template, {
      ...bootstrap,
      nonce: nonces.script,
      styleNonce: nonces.style,
      preloads: pages.preloadsFor(path, request.site.themeId),
      rootHtml: page?.html ?? null,
      pageTitle: page?.title ?? null,
    });
    // A path that is no page still gets the app, which shows its not-found page; the status tells crawlers and tools.
    return reply
      .status(isPage ? 200 : 404)
      .header('content-security-policy', pageContentSecurityPolicy(nonces, signIn?.formTargets))
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  // Browsers and tools ask for /favicon.ico whatever the page links: the site's theme answers, not a 404 page.
  app.get('/favicon.ico', async (request, reply) => {
    if (!template) return reply.status(404).send();
    return reply.header('cache-control', 'public, max-age=86400').sendFile(THEME_APP_ASSETS[request.site.themeId].faviconIco.slice(1));
  });
  app.get('/*', { config: { signedInPage: true } }, renderPage);
  app.get('/', { config: { signedInPage: true } }, renderPage);
};

/** The built scripts that have a source map beside them, by their full path. */
function scriptsWithMaps(assets: string): string[] {
  if (!existsSync(assets)) return [];
  const files = new Set(readdirSync(assets));
  return [...files].filter((name) => name.endsWith('.js') && files.has(`${name}.map`)).map((name) => join(assets, name));
}

/**
 * The anonymous ids of spec §3: `__user-id` names this browser on the error screen and in client logs,
 * `session_id` (ends with the browser session) is the analytics client_id. Both are read by scripts.
 */
function ensureClientCookies(request: FastifyRequest, reply: FastifyReply) {
  const common = { path: '/', secure: true, sameSite: 'lax' as const, httpOnly: false };
  if (!request.cookies[USER_ID_COOKIE]) {
    reply.setCookie(USER_ID_COOKIE, randomUUID(), { ...common, maxAge: yearInSeconds });
  }
  if (!request.cookies[SESSION_ID_COOKIE]) reply.setCookie(SESSION_ID_COOKIE, randomUUID(), common);
}

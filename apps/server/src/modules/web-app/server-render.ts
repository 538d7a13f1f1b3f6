import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { PageBootstrap } from '@portal/schema/site';
import type { TranslationBundle } from '@portal/schema/translations';
import { renderBudget, type RenderBudget } from './render-budget.ts';

/** Where the web build puts its server render of pages (apps/web/src/entry-server.tsx). */
export const SERVER_RENDER_FILE = join('server', 'entry-server.js');

type RenderInput = { url: string; initial: PageBootstrap & { translations: TranslationBundle }; scriptNonce: string; styleNonce: string };
/**
 * The page's markup for index.html's root and its document title, "page title - site title" (spec §2); or, for a page
 * that sends the visitor on (a guard, a canonical address), the same-site path it sends them to.
 */
export type RenderedPage = { html: string; title: string | null } | { redirect: string };
type ServerRenderModule = {
  renderPage: (input: RenderInput) => Promise<RenderedPage>;
  NotRenderedOnServer: new (...args: never[]) => Error;
};

/**
 * The page drawn on the server as the browser's first render will draw it (docs/decisions/088), with the title the
 * page gives itself, or where the page sends the visitor, or null: a build without a server render, a page that waits
 * for data, a render that failed (logged), or one past the render budget (decision 089). The browser then draws the
 * page alone, as it always could.
 */
export type ServerRender = (input: RenderInput) => Promise<RenderedPage | null>;

export function loadServerRender(
  distDir: string,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  budget: RenderBudget = renderBudget(),
): ServerRender {
  const file = join(distDir, SERVER_RENDER_FILE);
  if (!existsSync(file)) {
    log.warn({ file }, 'web build has no server render: pages are drawn by the browser alone until it is rebuilt');
    return async () => null;
  }
  // Loaded with the first page, not at start: React's server renderer and the app's code take a while to load.
  let loaded: Promise<ServerRenderModule | null> | undefined;
  return async (input) => {
    loaded ??= (import(pathToFileURL(file).href) as Promise<ServerRenderModule>).catch((error: unknown) => {
      log.error({ err: error, file }, 'the server render does not load: pages are drawn by the browser alone');
      return null;
    });
    const module = await loaded;
    if (!module || !budget.allows()) return null;
    const started = performance.now();
    try {
      const page = await module.renderPage(input);
      // The server sends a visitor on only within the site; anything else is the browser's to follow, as before.
      return 'redirect' in page && !/^\/(?![/\\])/.test(page.redirect) ? null : page;
    } catch (error) {
      if (!(error instanceof module.NotRenderedOnServer)) log.error({ err: error, url: input.url }, 'server render of a page failed');
      return null;
    } finally {
      budget.spend(performance.now() - started);
    }
  };
}

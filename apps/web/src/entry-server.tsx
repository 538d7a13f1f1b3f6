import { createMemoryHistory } from '@tanstack/react-router';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import type { InitialPage } from './app/page-bootstrap.ts';
import { PortalApp, preparePortalApp } from './app/portal-app.tsx';
import { dateLocaleOf } from './shared/format/date-locale.ts';
import './shared/format/date-locales.ts';
import { PageTitleSinkContext, type PageTitleSink } from './shared/hooks/use-page-title.ts';

/**
 * The page's markup for index.html's root and its document title ("page title - site title", spec §2); or, for a page
 * that sends the visitor on, the address it sends them to.
 */
export type RenderedPage = { html: string; title: string | null } | { redirect: string };

/** Why a page was not rendered on the server: the browser then renders it alone, as before (docs/decisions/088). */
export class NotRenderedOnServer extends Error {}

/**
 * The page at `url` as the browser's first render will draw it, for the server to put into index.html: the same
 * providers, router and route components, from the page's bootstrap, and the title the page gives itself. Nothing is
 * fetched: a query the page starts stays pending (its skeleton is drawn, as in the browser before the answer), and a
 * page whose route waits for data before it can draw is not rendered here.
 */
export async function renderPage({
  url,
  initial,
  scriptNonce,
  styleNonce,
}: {
  url: string;
  initial: InitialPage;
  scriptNonce: string;
  styleNonce: string;
}): Promise<RenderedPage> {
  const app = await preparePortalApp(initial, { history: createMemoryHistory({ initialEntries: [url] }), scriptNonce });
  // The cache stays as it was: the browser's client asks for the same data itself.
  app.queryClient.fetchQuery = () => Promise.reject(new NotRenderedOnServer('data is not fetched on the server'));
  const { router } = app;
  await router.load();
  // A guard's redirect, or one to the page's canonical address: the server sends the visitor on before any script,
  // where the browser's router would have sent them (a signed-out visit to the sign-in page, drawn there).
  const loaded = router._serverResult;
  if (loaded?.type === 'redirect') {
    const location = loaded.redirect.headers.get('Location');
    if (!location) throw new NotRenderedOnServer(`${url} redirects nowhere the server can name`);
    return { redirect: location };
  }
  if (router.state.matches.length === 0) throw new NotRenderedOnServer(`${url} matched no route`);
  const failed = router.state.matches.find((match) => match.status !== 'success');
  if (failed) throw new NotRenderedOnServer(`${url}: route ${failed.routeId} is ${failed.status}`);
  // dayjs's language is one for the whole process, and other pages were rendered while this one loaded.
  const withDateLanguage = () => dayjs.locale(dateLocaleOf(initial.locale));
  let title: string | null = null;
  // A page's own title is set after its layouts': the last one set is the page's.
  const sink: PageTitleSink = (pageTitle) => (title = pageTitle);
  const html = await renderWhole(
    withDateLanguage,
    <PageTitleSinkContext value={sink}>
      <PortalApp initial={initial} app={app} styleNonce={styleNonce} />
    </PageTitleSinkContext>,
  );
  return { html, title };
}

/**
 * The whole page, with its lazily loaded parts (notifications, the dashboard's cards) as the browser will have them.
 * `renderToString` draws a part whose code has not loaded yet in this process as one for the browser to draw
 * (`<!--$!-->`); the first time, the page is rendered once more after React has loaded them all.
 */
async function renderWhole(beforeRender: () => void, page: ReactNode): Promise<string> {
  beforeRender();
  const html = renderToString(page);
  if (!html.includes('<!--$!-->')) return html;
  await new Promise<void>((resolve, reject) => {
    const { abort } = renderToPipeableStream(page, { onAllReady: () => (abort(), resolve()), onShellError: reject });
  });
  beforeRender();
  return renderToString(page);
}

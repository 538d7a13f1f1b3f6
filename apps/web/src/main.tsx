import { setNonce } from 'get-nonce';
import { acceptedCategories, CONSENT_COOKIE } from '@portal/schema/cookie-consent';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { holdAnswersUntil } from './shared/api/api-client.ts';
import { sendClientLog } from './shared/api/client-log.ts';
import { readCookie } from './shared/cookies.ts';
import { loadPageBootstrap } from './app/page-bootstrap.ts';
import { PortalApp, preparePortalApp } from './app/portal-app.tsx';
import { replayKeptClicks, stopKeepingClicks } from './app/kept-clicks.ts';
import { serverDrawnPageDiffered } from './app/server-drawn-page-differed.ts';
import { TakenOver } from './app/taken-over.tsx';
import { watchServiceWorker } from './shared/push/service-worker-updates.ts';

/*
 * No top-level await: the entry shares its chunk with the shell, which the lazily loaded theme, text and page
 * chunks import; a module still awaiting would never finish evaluating for them.
 */
async function start() {
  const initial = await loadPageBootstrap(document);
  const styleNonce = (document.getElementById('portal-style-nonce') as HTMLStyleElement | null)?.nonce || undefined;
  // Dialogs and drawers lock the page's scrolling with a <style> of their own (react-remove-scroll): it carries the
  // page's style nonce too, or the CSP refuses it.
  if (styleNonce) setNonce(styleNonce);
  // The texts and the site's theme load side by side before the first render.
  const app = await preparePortalApp(initial);
  const { i18n, router } = app;
  void app.theme.loadFont();
  if (initial.site.features.includes('COOKIE_CONSENT')) {
    // Only sites with the feature download the consent library, and only when it has something to do: services the
    // person accepted to run now, or a click on the banner or the settings button (decision 105).
    app.consent.startWith(() =>
      import('./app/cookie-consent/start-cookie-consent.ts')
        .then(({ startCookieConsent }) =>
          startCookieConsent(
            initial.site,
            i18n,
            (listener) => router.subscribe('onResolved', ({ toLocation }) => listener(toLocation.pathname)),
            app.consent.answered,
          ),
        )
        .catch((error: unknown) => sendClientLog({ level: 'error', message: `Cookie consent failed to start: ${String(error)}` })),
    );
    if (acceptedCategories(readCookie(CONSENT_COOKIE)).some((category) => category !== 'necessary')) void app.consent.ready();
  }

  // The installed app and push notifications need the site's service worker (docs/decisions/045).
  if (initial.site.features.includes('PWA') || initial.site.features.includes('PUSH_NOTIFICATIONS')) watchServiceWorker();

  const root = document.getElementById('root')!;
  const page = (onTakenOver?: () => void) => (
    <StrictMode>
      <PortalApp initial={initial} app={app} styleNonce={styleNonce}>
        {onTakenOver && <TakenOver onTakenOver={onTakenOver} />}
      </PortalApp>
    </StrictMode>
  );
  if (!root.hasChildNodes()) {
    stopKeepingClicks();
    createRoot(root).render(page());
    return;
  }
  // The server drew the page (docs/decisions/088). The page's calls go out now, their answers come in once React has
  // taken the page over: what React takes over must be what the server drew, without data. A slow phone takes several
  // seconds (issue 27 measured 5–11 s before a throttled phone's first paint), and an answer let in before makes React
  // draw its part anew, losing the clicks kept on it: the limit is only for a take-over that never says it ended.
  let release = () => {};
  holdAnswersUntil(
    new Promise<void>((resolve) => {
      release = resolve;
      setTimeout(resolve, 15_000);
    }),
  );
  // The router loads what the server drew (route code, guards) before React takes it over.
  await router.load();
  // What TanStack Router's own hydration sets: the matches then render without the Suspense boundary a browser-only
  // start wraps them in, as they were drawn on the server; otherwise React would draw the whole page anew.
  router.ssr = { manifest: undefined };
  // React commits the page's frame first and the parts under it (each route's Suspense boundary) in the tasks after:
  // answers wait until the browser has nothing left to do (Safari has no idle callback: a tenth of a second). Then the
  // page is the app's: the clicks made on it before are replayed (decision 104).
  const takenOver = () => {
    release();
    void replayKeptClicks();
  };
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(takenOver, { timeout: 1000 }) : setTimeout(takenOver, 100));
  hydrateRoot(root, page(whenIdle), {
    // React draws a part that differs anew (a lazily loaded part whose data came first); reported, with the innermost
    // components where it differed, to find real ones (production's error says only "HTML" or "text").
    onRecoverableError: (error, { componentStack }) =>
      void sendClientLog({
        level: 'warn',
        message: serverDrawnPageDiffered(error, componentStack),
      }),
  });
}

start().catch((error: unknown) => sendClientLog({ level: 'error', message: `The app failed to start: ${String(error)}` }));

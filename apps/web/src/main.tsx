import { RouterProvider } from '@tanstack/react-router';
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { sendClientLog } from './shared/api/client-log.ts';
import { createQueryClient } from './shared/api/query-client.ts';
import { createI18n } from './app/i18n.ts';
import { readPageBootstrap, seedSignedIn } from './app/page-bootstrap.ts';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { loadTheme } from './themes/theme-registry.ts';
import { watchServiceWorker } from './shared/push/service-worker-updates.ts';

/*
 * No top-level await: the entry shares its chunk with the shell, which the lazily loaded theme, text and page
 * chunks import; a module still awaiting would never finish evaluating for them.
 */
async function start() {
  const initial = readPageBootstrap(document);
  const styleNonce = (document.getElementById('portal-style-nonce') as HTMLStyleElement | null)?.nonce || undefined;
  // Dialogs and drawers lock the page's scrolling with a <style> of their own (react-remove-scroll): it carries the
  // page's style nonce too, or the CSP refuses it.
  if (styleNonce) setNonce(styleNonce);
  // The texts, the date language and the site's theme load side by side before the first render.
  const [i18n, theme] = await Promise.all([createI18n(initial.locale, initial.translations), loadTheme(initial.site.themeId)]);
  void theme.loadFont();
  const queryClient = createQueryClient(i18n);
  seedSignedIn(queryClient, initial);
  const router = createAppRouter(queryClient, initial.site);
  if (initial.site.features.includes('COOKIE_CONSENT')) {
    // Only sites with the feature download the consent library.
    import('./app/cookie-consent/start-cookie-consent.ts')
      .then(({ startCookieConsent }) =>
        startCookieConsent(initial.site, i18n, (listener) =>
          router.subscribe('onResolved', ({ toLocation }) => listener(toLocation.pathname)),
        ),
      )
      .catch((error: unknown) => sendClientLog({ level: 'error', message: `Cookie consent failed to start: ${String(error)}` }));
  }

  // The installed app and push notifications need the site's service worker (docs/decisions/045).
  if (initial.site.features.includes('PWA') || initial.site.features.includes('PUSH_NOTIFICATIONS')) watchServiceWorker();

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers
        site={initial.site}
        appVersion={initial.appVersion}
        colorScheme={initial.colorScheme}
        i18n={i18n}
        queryClient={queryClient}
        styleNonce={styleNonce}
      >
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

start().catch((error: unknown) => sendClientLog({ level: 'error', message: `The app failed to start: ${String(error)}` }));

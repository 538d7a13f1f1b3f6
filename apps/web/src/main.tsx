import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { sendClientLog } from './shared/api/client-log.ts';
import { createQueryClient } from './shared/api/query-client.ts';
import { createI18n } from './app/i18n.ts';
import { readPageBootstrap } from './app/page-bootstrap.ts';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { loadTheme } from './themes/theme-registry.ts';

const initial = readPageBootstrap(document);
const styleNonce = (document.getElementById('portal-style-nonce') as HTMLStyleElement | null)?.nonce || undefined;
// The texts, the date language and the site's theme load side by side before the first render.
const [i18n, theme] = await Promise.all([createI18n(initial.locale, initial.translations), loadTheme(initial.site.themeId)]);
void theme.loadFont();
const queryClient = createQueryClient(i18n);
const router = createAppRouter(queryClient);
if (initial.site.features.includes('COOKIE_CONSENT')) {
  // Only sites with the feature download the consent library.
  import('./app/cookie-consent/start-cookie-consent.ts')
    .then(({ startCookieConsent }) => startCookieConsent(initial.site, i18n))
    .catch((error: unknown) =>
    sendClientLog({ level: 'error', message: `Cookie consent failed to start: ${String(error)}` }),
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers site={initial.site} colorScheme={initial.colorScheme} i18n={i18n} queryClient={queryClient} styleNonce={styleNonce}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

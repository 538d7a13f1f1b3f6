import { RouterProvider, type RouterHistory } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { createQueryClient } from '../shared/api/query-client.ts';
import { ConsentStateContext, createConsentState } from '../shared/consent/consent-state.ts';
import { loadTheme } from '../themes/theme-registry.ts';
import { createI18n } from './i18n.ts';
import { seedSignedIn, seedSignInForm, type InitialPage } from './page-bootstrap.ts';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';

export type PreparedApp = Awaited<ReturnType<typeof preparePortalApp>>;

/**
 * What the browser's start (main.tsx) and the server's render of a page (entry-server.tsx) both make of the page's
 * bootstrap: its texts, its theme, a data cache holding the signed-in session, whether the page asks
 * for cookie consent, a router.
 */
export async function preparePortalApp(initial: InitialPage, server?: { history: RouterHistory; scriptNonce: string }) {
  const [i18n, theme] = await Promise.all([createI18n(initial.locale, initial.translations), loadTheme(initial.site.themeId)]);
  const queryClient = createQueryClient(i18n);
  seedSignedIn(queryClient, initial);
  seedSignInForm(queryClient, initial);
  const consent = createConsentState(initial.consentAsked);
  return { i18n, theme, queryClient, consent, router: createAppRouter(queryClient, initial.site, server) };
}

/** The app of a page, as the browser and the server draw it. */
export function PortalApp({
  initial,
  app,
  styleNonce,
  children,
}: {
  initial: InitialPage;
  app: PreparedApp;
  styleNonce: string | undefined;
  children?: ReactNode;
}) {
  return (
    <ConsentStateContext value={app.consent}>
      <Providers
        site={initial.site}
        appVersion={initial.appVersion}
        colorScheme={initial.colorScheme}
        i18n={app.i18n}
        queryClient={app.queryClient}
        styleNonce={styleNonce}
      >
        <RouterProvider router={app.router} />
        {children}
      </Providers>
    </ConsentStateContext>
  );
}

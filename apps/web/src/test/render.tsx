import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { SiteBootstrap } from '@portal/schema/site';
import type { ColorScheme } from '@portal/schema/enums';
import type { LocaleId } from '@portal/schema/locale-ids';
import { bundleFor } from '@portal/locales/bundles';
import { createI18n } from '../app/i18n.ts';
import { Providers } from '../app/providers.tsx';
import { NotFoundPage } from '../app/shell/not-found-page.tsx';
import { createQueryClient } from '../shared/api/query-client.ts';
import { loadTheme } from '../themes/theme-registry.ts';
import { buildSite, EN_GB_BUNDLE } from './test-site.ts';

/** The release the rendered app believes it is: form drafts saved by another are not offered. */
export const TEST_APP_VERSION = '1.2.3-test';

type Options = {
  site?: SiteBootstrap;
  path?: string;
  colorScheme?: ColorScheme;
  /** The reader's language; English unless a test is about another one. */
  locale?: LocaleId;
};

/** Renders a component as a person sees it: inside the app's providers and a router at `path`. */
export async function renderWithProviders(
  ui: ReactNode,
  { site = buildSite(), path = '/', colorScheme = 'light', locale = 'en-GB' }: Options = {},
) {
  await loadTheme(site.themeId);
  const i18n = await createI18n(locale, locale === 'en-GB' ? EN_GB_BUNDLE : bundleFor('web', locale));
  const queryClient = createQueryClient(i18n);
  const rootRoute = createRootRoute({ component: () => <Outlet /> });
  const pathname = path.split('?')[0]!;
  const routes = [...new Set(['/', pathname])].map((routePath) =>
    createRoute({ getParentRoute: () => rootRoute, path: routePath, component: () => <>{ui}</> }),
  );
  const router = createRouter({
    routeTree: rootRoute.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
    // A page that navigates elsewhere lands on the app's not-found page, as it would for a path this router lacks.
    defaultNotFoundComponent: NotFoundPage,
  });
  await router.load();
  const view = render(
    <Providers
      site={site}
      appVersion={TEST_APP_VERSION}
      colorScheme={colorScheme}
      i18n={i18n}
      queryClient={queryClient}
      styleNonce={undefined}
      mantineEnv="test"
    >
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, i18n, queryClient };
}

// Layered, so the app's own CSS modules win over Mantine's whatever order the build links the files in:
// a module shared with a lazy route lands in its own chunk, whose CSS loads before Mantine's.
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { SiteBootstrap } from '@portal/schema/site';
import type { ColorScheme } from '@portal/schema/enums';
import { SiteContext } from '../shared/site/site-context.tsx';
import { createMantineThemeFor, cssVariablesResolverFor } from '../themes/mantine-theme.ts';
import { themeFor } from '../themes/theme-registry.ts';
import { cookieColorSchemeManager } from './color-scheme-manager.ts';

type Props = {
  site: SiteBootstrap;
  colorScheme: ColorScheme;
  i18n: I18n;
  queryClient: QueryClient;
  styleNonce: string | undefined;
  /** Tests pass 'test': Mantine then renders dropdowns and modals in place, without transitions (jsdom has no layout). */
  mantineEnv?: 'default' | 'test';
  children: ReactNode;
};

/** Everything a page needs around it: site, theme and scheme, texts, data cache, notifications and modals. */
export function Providers({ site, colorScheme, i18n, queryClient, styleNonce, mantineEnv, children }: Props) {
  const definition = themeFor(site.themeId);
  const theme = useMemo(() => createMantineThemeFor(definition), [definition]);
  const resolver = useMemo(() => cssVariablesResolverFor(definition), [definition]);
  const manager = useMemo(
    () => cookieColorSchemeManager(colorScheme, site.features.includes('DARK_THEME')),
    [colorScheme, site.features],
  );
  return (
    <SiteContext value={site}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={resolver}
          colorSchemeManager={manager}
          defaultColorScheme={colorScheme}
          getStyleNonce={() => styleNonce ?? ''}
          env={mantineEnv}
        >
          <QueryClientProvider client={queryClient}>
            <TranslatedModals>{children}</TranslatedModals>
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>
    </SiteContext>
  );
}

/** Spec §4 and §9: notifications top-right, 5 at once, 4000 ms, 250 ms transition; modals 200 ms. */
function TranslatedModals({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ModalsProvider
      labels={{ confirm: t('modal.confirm'), cancel: t('modal.cancel') }}
      modalProps={{ transitionProps: { duration: 200 }, yOffset: '5dvh', closeButtonProps: { 'aria-label': t('modal.close') } }}
    >
      <Notifications position="top-right" limit={5} autoClose={4000} transitionDuration={250} containerWidth={440} notificationMaxHeight={200} zIndex={400} />
      {children}
    </ModalsProvider>
  );
}

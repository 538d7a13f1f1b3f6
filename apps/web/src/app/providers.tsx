// Layered, so the app's own CSS modules win over Mantine's whatever order the build links the files in:
// a module shared with a lazy route lands in its own chunk, whose CSS loads before Mantine's.
import '@mantine/core/styles.layer.css';
import './reduced-motion.css';
import { MantineProvider, mergeThemeOverrides, type MantineThemeComponents } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { SiteBootstrap } from '@portal/schema/site';
import type { ColorScheme } from '@portal/schema/enums';
import { AppVersionContext } from '../shared/site/app-version.ts';
import { SiteContext } from '../shared/site/site-context.tsx';
import { createMantineThemeFor, cssVariablesResolverFor } from '../themes/mantine-theme.ts';
import { themeFor } from '../themes/theme-registry.ts';
import { useModalStackWanted } from '../shared/ui/modal-stack.ts';
import { cookieColorSchemeManager } from './color-scheme-manager.ts';
import notificationClasses from './notification-container.module.css';

const NotificationContainer = lazy(() => import('./notification-container.tsx'));
const ModalStackHost = lazy(() => import('./modal-stack-host.tsx'));

type Props = {
  site: SiteBootstrap;
  appVersion: string;
  colorScheme: ColorScheme;
  i18n: I18n;
  queryClient: QueryClient;
  styleNonce: string | undefined;
  /** Tests pass 'test': Mantine then renders dropdowns and modals in place, without transitions (the tests' DOM has no layout). */
  mantineEnv?: 'default' | 'test';
  children: ReactNode;
};

/** Everything a page needs around it: site, theme and scheme, texts, data cache, notifications and modals. */
export function Providers({ site, appVersion, i18n, queryClient, children, ...mantine }: Props) {
  return (
    <SiteContext value={site}>
      <AppVersionContext value={appVersion}>
        <I18nextProvider i18n={i18n}>
          <TranslatedMantine site={site} {...mantine}>
            <QueryClientProvider client={queryClient}>
              <NotificationsOnceRaised />
              <ModalStackOnceWanted />
              {children}
            </QueryClientProvider>
          </TranslatedMantine>
        </I18nextProvider>
      </AppVersionContext>
    </SiteContext>
  );
}

type MantineProps = Pick<Props, 'site' | 'colorScheme' | 'styleNonce' | 'mantineEnv' | 'children'>;

/**
 * The site's theme, with a name for every close button (dialogs, drawers, notifications) in the reader's language.
 * Given as plain settings rather than `Modal.extend(…)`, which would bring those components into every first load.
 */
function TranslatedMantine({ site, colorScheme, styleNonce, mantineEnv, children }: MantineProps) {
  const { t } = useTranslation();
  const definition = themeFor(site.themeId);
  const theme = useMemo(
    () =>
      mergeThemeOverrides(createMantineThemeFor(definition), {
        components: {
          Modal: { defaultProps: { closeButtonProps: { 'aria-label': t('modal.close') } } },
          Drawer: { defaultProps: { closeButtonProps: { 'aria-label': t('modal.close') } } },
          Notification: {
            defaultProps: { closeButtonProps: { 'aria-label': t('notifications.close') } },
            classNames: { description: notificationClasses.description },
          },
        } satisfies MantineThemeComponents,
      }),
    [definition, t],
  );
  const resolver = useMemo(() => cssVariablesResolverFor(definition), [definition]);
  const manager = useMemo(() => cookieColorSchemeManager(colorScheme, site.features.includes('DARK_THEME')), [colorScheme, site.features]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={resolver}
      colorSchemeManager={manager}
      defaultColorScheme={colorScheme}
      getStyleNonce={() => styleNonce ?? ''}
      env={mantineEnv}
    >
      {children}
    </MantineProvider>
  );
}

/** Spec §4 and §9: the modal stack, drawn once a page asks for a modal (`onModalStack`, decision 105). */
function ModalStackOnceWanted() {
  return useModalStackWanted() ? (
    <Suspense fallback={null}>
      <ModalStackHost />
    </Suspense>
  ) : null;
}

/**
 * The notifications' code (and its stylesheet) loads with the first notification, not with every page (decision 105):
 * one raised before it is there waits in the store and shows as soon as it is.
 */
function NotificationsOnceRaised() {
  const { notifications, queue } = useNotifications();
  const [raised, setRaised] = useState(false);
  if (!raised && notifications.length + queue.length > 0) setRaised(true);
  return raised ? (
    <Suspense fallback={null}>
      <NotificationContainer />
    </Suspense>
  ) : null;
}

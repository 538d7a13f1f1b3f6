import { AppShell } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../shared/site/site-context.tsx';
import { themeFor } from '../../themes/theme-registry.ts';
import { CookieSettingsButton } from '../cookie-consent/cookie-settings-button.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import classes from './page-shell.module.css';
import { ReverificationAlert } from './reverification-alert.tsx';

type Props = { children: ReactNode; withoutHeaderAndFooter?: boolean };

/**
 * The shell of spec §2 around every page: header, the re-verification notice, main content, footer and
 * the consent button. Pages with their own frame (sign-in) keep only the main landmark and the consent button,
 * which must stay reachable everywhere.
 */
export function PageShell({ children, withoutHeaderAndFooter = false }: Props) {
  const { t } = useTranslation();
  const site = useSite();
  const headerHeight = themeFor(site.themeId).headerHeight;
  const consentButton = site.features.includes('COOKIE_CONSENT') && <CookieSettingsButton />;
  if (withoutHeaderAndFooter) {
    return (
      <>
        <main id="main" tabIndex={-1} className={classes.bareMain}>
          {children}
        </main>
        {consentButton}
      </>
    );
  }
  return (
    <AppShell header={{ height: headerHeight }} padding={0}>
      <a href="#main" className={classes.skipLink}>
        {t('app.skip-to-content')}
      </a>
      <AppShell.Header className={classes.header}>
        <Header />
      </AppShell.Header>
      <AppShell.Main id="main" tabIndex={-1} className={classes.main}>
        <ReverificationAlert />
        {children}
      </AppShell.Main>
      <Footer />
      {consentButton}
    </AppShell>
  );
}

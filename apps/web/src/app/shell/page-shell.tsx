import { AppShell } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../shared/site/site-context.tsx';
import { themeFor } from '../../themes/theme-registry.ts';
import { CookieSettingsButton } from '../cookie-consent/cookie-settings-button.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import classes from './page-shell.module.css';

/** The shell of spec §2 around every page: header, main content, footer and the consent button. */
export function PageShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const site = useSite();
  const headerHeight = themeFor(site.themeId).headerHeight;
  return (
    <AppShell header={{ height: headerHeight }} padding={0}>
      <a href="#main" className={classes.skipLink}>
        {t('app.skip-to-content')}
      </a>
      <AppShell.Header className={classes.header}>
        <Header />
      </AppShell.Header>
      <AppShell.Main id="main" tabIndex={-1} className={classes.main}>
        {children}
      </AppShell.Main>
      <Footer />
      {site.features.includes('COOKIE_CONSENT') && <CookieSettingsButton />}
    </AppShell>
  );
}

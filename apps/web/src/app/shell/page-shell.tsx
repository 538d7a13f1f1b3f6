import { useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorInfo } from '../../shared/auth/actor-info.ts';
import { useSession } from '../../shared/auth/session.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { ConsentBanner } from '../cookie-consent/consent-banner.tsx';
import { CookieSettingsButton } from '../cookie-consent/cookie-settings-button.tsx';
import { AnnouncementBanners } from '../../features/announcements/announcement-banners.tsx';
import { FeedbackPrompt } from '../../features/feedback/feedback-prompt.tsx';
import { PushTokenRefresh } from '../../features/settings/notifications/push-token-refresh.tsx';
import { ActingBanner } from './acting-banner.tsx';
import { BottomNavigation } from './bottom-navigation.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { navigationItems } from './navigation-items.ts';
import classes from './page-shell.module.css';
import { ReverificationAlert } from './reverification-alert.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

type Props = { children: ReactNode; withoutHeaderAndFooter?: boolean };

/**
 * The shell of spec §2 around every page: header, whom staff act for, the re-verification notice, main content, footer, the signed-in
 * phone's bottom bar, the consent banner and button. Pages with their own frame (sign-in) keep only the main landmark and
 * the consent banner and button, which must stay reachable everywhere.
 */
export function PageShell({ children, withoutHeaderAndFooter = false }: Props) {
  const { t } = useTranslation();
  const site = useSite();
  const { session } = useSession();
  const info = useActorInfo({ enabled: !!session });
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const consent = site.features.includes('COOKIE_CONSENT');
  // Five tabs at most, about 70 px each on a 360 px phone; the menu drawer lists every page.
  const bottomItems = navigationItems(session ? info.data : undefined, site.features)
    .filter((item) => item.to !== '/')
    .slice(0, 5);
  const bottomBar = !withoutHeaderAndFooter && bottomItems.length > 1;
  // Spec §4: a browser registered for push sends a fresh token after 7 days (only the customer's own browsers are).
  const pushOwner =
    session && site.features.includes('PUSH_NOTIFICATIONS') && info.data?.customer && info.data.actingAs !== 'staff'
      ? info.data.customer.clientCode
      : null;
  return (
    <div className={classes.shell} data-bottom-bar={bottomBar || undefined} data-consent-button={consent || undefined}>
      {withoutHeaderAndFooter ? (
        <main id="main" tabIndex={-1} className={classes.bareMain}>
          {children}
          {consent && (
            <div className={classes.bareConsent}>
              <CookieSettingsButton inFlow />
            </div>
          )}
        </main>
      ) : (
        <>
          <a href="#main" className={classes.skipLink}>
            {t('app.skip-to-content')}
          </a>
          <header className={classes.header}>
            <Header />
          </header>
          <main id="main" tabIndex={-1} className={classes.main}>
            {info.data?.actingAs === 'staff' && <ActingBanner info={info.data} />}
            <UpdatePrompt />
            <ReverificationAlert />
            <AnnouncementBanners pathname={pathname} />
            {children}
          </main>
          <Footer />
          {bottomBar && <BottomNavigation items={bottomItems} />}
        </>
      )}
      {consent && <CookieSettingsButton />}
      {consent && <ConsentBanner />}
      <FeedbackPrompt />
      {pushOwner && <PushTokenRefresh owner={pushOwner} />}
    </div>
  );
}

import { ActionIcon, Box, Burger, Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogin } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActorInfo } from '../../shared/auth/actor-info.ts';
import { useSession } from '../../shared/auth/session.ts';
import { useCurrentPath } from '../../shared/hooks/use-current-path.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { themeFor } from '../../themes/theme-registry.ts';
import { InboxBadge } from '../../features/support/inbox-badge.tsx';
import { pageOffered } from '@portal/schema/pages';
import { ColorSchemeMenu } from './color-scheme-menu.tsx';
import classes from './header.module.css';
import { LanguageSwitcher } from './language-switcher.tsx';
import { navigationItems } from './navigation-items.ts';
import { SiteLogo } from './site-logo.tsx';
import { StaffActingCustomer } from './staff-acting-customer.tsx';
import { UserMenu } from './user-menu.tsx';

const MenuDrawer = lazy(() => import('./menu-drawer.tsx').then(({ MenuDrawer: Drawer }) => ({ default: Drawer })));

/** The header bar: logo, the pages, language, colour scheme, the account and whose data is shown; a menu drawer on phones. */
export function Header() {
  const { t } = useTranslation();
  const site = useSite();
  const [menuOpen, menu] = useDisclosure(false);
  const [menuOpened, setMenuOpened] = useState(false);
  if (menuOpen && !menuOpened) setMenuOpened(true);
  const { status, session } = useSession();
  const info = useActorInfo({ enabled: status === 'authenticated' });
  const currentPath = useCurrentPath();
  const logoHeight = Math.min(48, themeFor(site.themeId).headerHeight - 16);
  const items = navigationItems(session ? info.data : undefined, site.features);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" className={classes.header}>
      <Group gap="lg" wrap="nowrap" className={classes.start}>
        <Link to="/" className={classes.logo}>
          <SiteLogo height={Math.max(26, logoHeight)} />
        </Link>
        <nav aria-label={t('nav.main')} className={classes.desktopNav}>
          <Group gap={4} wrap="nowrap">
            {/* Signed in, the logo is the way home: the bar keeps its room for the person's own pages. */}
            {items
              .filter((item) => item.to !== '/' || !session)
              .map((item) => (
                <Link key={item.to} to={item.to} className={classes.navLink} activeOptions={{ exact: true }}>
                  {t(item.label)}
                </Link>
              ))}
          </Group>
        </nav>
      </Group>
      <Group gap="xs" wrap="nowrap" className={classes.actions}>
        {/* On phones the bar has room for the account and the menu only; the menu drawer holds the rest. */}
        <Box visibleFrom="sm">
          <LanguageSwitcher compact="below-wide-desktops" />
        </Box>
        <Box visibleFrom="sm">
          <ColorSchemeMenu />
        </Box>
        {session && info.data?.staffRoles.includes('customer-service') && (
          <Box visibleFrom="sm">
            <StaffActingCustomer info={info.data} />
          </Box>
        )}
        {session && info.data?.customer && pageOffered('/inbox', site.features) && <InboxBadge />}
        {session && <UserMenu session={session} info={info.data} />}
        {status === 'unauthenticated' && (
          <>
            <Button
              visibleFrom="xs"
              renderRoot={(props) => <Link {...props} to="/auth/signin" search={{ callbackUrl: currentPath }} />}
              leftSection={<IconLogin size={18} aria-hidden />}
            >
              {t('user-menu.sign-in')}
            </Button>
            {/* The narrowest phones have room for the icon only; its label stays the accessible name. */}
            <ActionIcon
              hiddenFrom="xs"
              size="lg"
              aria-label={t('user-menu.sign-in')}
              renderRoot={(props) => <Link {...props} to="/auth/signin" search={{ callbackUrl: currentPath }} />}
            >
              <IconLogin size={20} aria-hidden />
            </ActionIcon>
          </>
        )}
        <Burger
          opened={menuOpen}
          onClick={menu.toggle}
          hiddenFrom="sm"
          color="var(--portal-header-text)"
          aria-label={t(menuOpen ? 'nav.close-menu' : 'nav.open-menu')}
        />
      </Group>
      {/* The drawer's code loads when a phone first opens the menu. */}
      {menuOpened && (
        <Suspense fallback={null}>
          <MenuDrawer opened={menuOpen} onClose={menu.close} items={items} session={session} info={info.data} />
        </Suspense>
      )}
    </Group>
  );
}

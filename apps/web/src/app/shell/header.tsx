import { ActionIcon, Box, Burger, Button, Drawer, Group, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogin } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useActorInfo } from '../../shared/auth/actor-info.ts';
import { useSession } from '../../shared/auth/session.ts';
import { useCurrentPath } from '../../shared/hooks/use-current-path.ts';
import { themeFor } from '../../themes/theme-registry.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { ColorSchemeMenu } from './color-scheme-menu.tsx';
import classes from './header.module.css';
import { LanguageSwitcher } from './language-switcher.tsx';
import { SiteLogo } from './site-logo.tsx';
import { StaffActingCustomer } from './staff-acting-customer.tsx';
import { UserMenu } from './user-menu.tsx';

/** Pages of the shell's navigation; later modules add theirs as their routes exist. */
const navigation = [
  { to: '/', label: 'nav.home', signedInOnly: false },
  { to: '/dashboard', label: 'nav.dashboard', signedInOnly: true },
  { to: '/charts', label: 'nav.charts', signedInOnly: true },
  { to: '/invoices', label: 'nav.invoices', signedInOnly: true },
] as const;

export function Header() {
  const { t } = useTranslation();
  const site = useSite();
  const [menuOpen, menu] = useDisclosure(false);
  const { status, session } = useSession();
  const info = useActorInfo({ enabled: status === 'authenticated' });
  const currentPath = useCurrentPath();
  const logoHeight = Math.min(48, themeFor(site.themeId).headerHeight - 16);
  const items = navigation.filter((item) => !item.signedInOnly || status === 'authenticated');
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" className={classes.header}>
      <Group gap="lg" wrap="nowrap">
        <Link to="/" className={classes.logo}>
          <SiteLogo height={Math.max(26, logoHeight)} />
        </Link>
        <nav aria-label={t('nav.main')} className={classes.desktopNav}>
          <Group gap="xs">
            {items.map((item) => (
              <Link key={item.to} to={item.to} className={classes.navLink} activeOptions={{ exact: true }}>
                {t(item.label)}
              </Link>
            ))}
          </Group>
        </nav>
      </Group>
      <Group gap="xs" wrap="nowrap" className={classes.actions}>
        {/* On small screens the bar has no room for it next to the account controls; the menu drawer has it. */}
        <Box visibleFrom="sm">
          <LanguageSwitcher />
        </Box>
        <ColorSchemeMenu />
        {session && info.data?.staffRoles.includes('customer-service') && <StaffActingCustomer info={info.data} />}
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
      <Drawer opened={menuOpen} onClose={menu.close} title={site.companyName} hiddenFrom="sm" closeButtonProps={{ 'aria-label': t('nav.close-menu') }}>
        <nav aria-label={t('nav.main')}>
          <Stack gap={0}>
            {items.map((item) => (
              <MantineNavLink key={item.to} component={Link} to={item.to} label={t(item.label)} onClick={menu.close} />
            ))}
          </Stack>
        </nav>
        <div className={classes.drawerLanguages}>
          <LanguageSwitcher />
        </div>
      </Drawer>
    </Group>
  );
}

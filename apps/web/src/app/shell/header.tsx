import { Burger, Drawer, Group, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { themeFor } from '../../themes/theme-registry.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { ColorSchemeMenu } from './color-scheme-menu.tsx';
import classes from './header.module.css';
import { LanguageSwitcher } from './language-switcher.tsx';
import { SiteLogo } from './site-logo.tsx';

/** Pages of the shell's navigation; later modules add theirs as their routes exist. */
const navigation = [
  { to: '/', label: 'nav.home' },
  { to: '/dashboard', label: 'nav.dashboard' },
] as const;

export function Header() {
  const { t } = useTranslation();
  const site = useSite();
  const [menuOpen, menu] = useDisclosure(false);
  const logoHeight = Math.min(48, themeFor(site.themeId).headerHeight - 16);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" className={classes.header}>
      <Group gap="lg" wrap="nowrap">
        <Link to="/" className={classes.logo}>
          <SiteLogo height={Math.max(26, logoHeight)} />
        </Link>
        <nav aria-label={t('nav.main')} className={classes.desktopNav}>
          <Group gap="xs">
            {navigation.map((item) => (
              <Link key={item.to} to={item.to} className={classes.navLink} activeOptions={{ exact: true }}>
                {t(item.label)}
              </Link>
            ))}
          </Group>
        </nav>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <LanguageSwitcher />
        <ColorSchemeMenu />
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
            {navigation.map((item) => (
              <MantineNavLink key={item.to} component={Link} to={item.to} label={t(item.label)} onClick={menu.close} />
            ))}
          </Stack>
        </nav>
      </Drawer>
    </Group>
  );
}

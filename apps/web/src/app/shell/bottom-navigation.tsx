import { Box } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import classes from './bottom-navigation.module.css';
import type { NavigationItem } from './navigation-items.ts';

/** Spec §2: the signed-in phone's bottom navigation bar, one tab per page of the person's own (no home). */
export function BottomNavigation({ items }: { items: NavigationItem[] }) {
  const { t } = useTranslation();
  return (
    <Box component="nav" hiddenFrom="sm" aria-label={t('nav.bottom')} className={classes.bar}>
      {items.map((item) => (
        <Link key={item.to} to={item.to} className={classes.tab} activeOptions={{ exact: true }}>
          <item.icon size={22} aria-hidden />
          <span className={classes.label}>{t(item.label)}</span>
        </Link>
      ))}
    </Box>
  );
}

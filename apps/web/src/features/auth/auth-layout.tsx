import { Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSite } from '../../shared/site/site-context.tsx';
import classes from './auth-layout.module.css';

type Props = {
  /** The app shell's logo and language switcher, handed in because features do not import the shell. */
  logo: ReactNode;
  languageSwitcher: ReactNode;
  children: ReactNode;
};

/** The sign-in pages' frame: the theme's sign-in background at full height and one card in the middle. */
export function AuthLayout({ logo, languageSwitcher, children }: Props) {
  const site = useSite();
  return (
    <div className={classes.background} style={{ backgroundImage: `url(/themes/${site.themeId}/signin-bg.svg)` }}>
      <Paper shadow="lg" radius="lg" withBorder className={classes.card}>
        <Group justify="space-between" gap="sm" className={classes.cardHeader}>
          {logo}
          {languageSwitcher}
        </Group>
        <Stack gap="lg" p="xl">
          {children}
        </Stack>
      </Paper>
    </div>
  );
}

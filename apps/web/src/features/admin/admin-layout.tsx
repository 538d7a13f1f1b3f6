import { Container, Group, NavLink, Stack, Text } from '@mantine/core';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useSite } from '../../shared/site/site-context.tsx';
import { adminNavigationFor } from './admin-navigation.ts';
import classes from './admin-layout.module.css';

/** The admin area's frame: its pages listed beside (or above, on small screens) the page itself. */
export function AdminLayout() {
  const { t } = useTranslation();
  const site = useSite();
  const path = useRouterState({ select: (state) => state.location.pathname.replace(/\/$/, '') || '/' });
  return (
    <Container size="xl" py="lg">
      <div className={classes.frame}>
        <nav aria-label={t('admin.nav.label')} className={classes.nav}>
          <Stack gap={4}>
            <Text size="sm" c="dimmed" fw={600} px="sm">
              {t('admin.nav.heading', { company: site.companyName })}
            </Text>
            {adminNavigationFor(site.features).map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={t(item.label)}
                leftSection={<item.icon size={18} aria-hidden />}
                active={path === item.to}
                aria-current={path === item.to ? 'page' : undefined}
              />
            ))}
          </Stack>
        </nav>
        <Group className={classes.page} align="flex-start" wrap="nowrap">
          <div className={classes.content}>
            <Outlet />
          </div>
        </Group>
      </div>
    </Container>
  );
}

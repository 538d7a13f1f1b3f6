import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBolt, IconChartBar, IconFileInvoice, IconFileText } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { POWER_FEATURES } from '@portal/schema/power-features';
import { useSite } from '../../shared/site/site-context.tsx';
import classes from './quick-actions.module.css';

/** Screen 1's link cards, each to a page that exists and whose feature the site has. */
const actions = [
  { key: 'charts', to: '/charts', icon: IconChartBar, features: null },
  { key: 'contracts', to: '/contracts', icon: IconFileText, features: ['CONTRACTS'] },
  { key: 'invoices', to: '/invoices', icon: IconFileInvoice, features: ['INVOICES'] },
  { key: 'power-control', to: '/power-control', icon: IconBolt, features: POWER_FEATURES },
] as const;

/**
 * Screen 1: one column on small screens, a row from medium up. On a phone each card is one line, so the
 * customer's own figures start on the first screen.
 */
export function QuickActions() {
  const { t } = useTranslation();
  const site = useSite();
  const shown = actions.filter((action) => !action.features || action.features.some((feature) => site.features.includes(feature)));
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="quick-actions-title">
      <Stack gap="xs" mb="md">
        <Title order={2} id="quick-actions-title">
          {t('quick-actions.title')}
        </Title>
        <Text c="dimmed" visibleFrom="sm">
          {t('quick-actions.description')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing={{ base: 'xs', md: 'md' }}>
        {shown.map(({ key, to, icon: Icon }) => (
          <Card key={key} withBorder radius="md" className={classes.card} renderRoot={(props) => <Link {...props} to={to} />}>
            <ThemeIcon size={44} radius="md" variant="light" aria-hidden className={classes.icon}>
              <Icon size={24} />
            </ThemeIcon>
            <div>
              <Text fw={600} size="lg">
                {t(`quick-actions.${key}.title`)}
              </Text>
              <Text size="sm" c="dimmed" mt={4} visibleFrom="sm">
                {t(`quick-actions.${key}.description`)}
              </Text>
            </div>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}

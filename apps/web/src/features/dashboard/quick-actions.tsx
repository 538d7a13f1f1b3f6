import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartBar, IconFileInvoice, IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './quick-actions.module.css';

/** Screen 1: three link cards, one column on small screens and three from medium up. */
const actions = [
  { key: 'charts', href: '/charts', icon: IconChartBar },
  { key: 'contracts', href: '/contracts', icon: IconFileText },
  { key: 'invoices', href: '/invoices', icon: IconFileInvoice },
] as const;

export function QuickActions() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="quick-actions-title">
      <Stack gap="xs" mb="md">
        <Title order={2} id="quick-actions-title">
          {t('quick-actions.title')}
        </Title>
        <Text c="dimmed">{t('quick-actions.description')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {actions.map(({ key, href, icon: Icon }) => (
          <Card key={key} component="a" href={href} withBorder padding="lg" radius="md" className={classes.card}>
            <ThemeIcon size={44} radius="md" variant="light" mb="sm" aria-hidden>
              <Icon size={24} />
            </ThemeIcon>
            <Text fw={600} size="lg">
              {t(`quick-actions.${key}.title`)}
            </Text>
            <Text size="sm" c="dimmed" mt={4}>
              {t(`quick-actions.${key}.description`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}

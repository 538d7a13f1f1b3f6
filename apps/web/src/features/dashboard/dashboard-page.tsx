import { Container, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { QuickActions } from './quick-actions.tsx';

export function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle(t('page.dashboard'));
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Title order={1}>{t('dashboard.title')}</Title>
        <QuickActions />
      </Stack>
    </Container>
  );
}

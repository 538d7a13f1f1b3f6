import { Container, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { PageTitle } from '../../shared/ui/page-title.tsx';
import { OverviewSkeleton } from './overview-skeleton.tsx';
import { QuickActions } from './quick-actions.tsx';

/**
 * The data cards load as their own chunk while the route's loader has already started their calls, so the
 * dashboard's first paint (title, quick actions, skeletons) carries no chart or card code (250 KB budget).
 */
const EnergyOverview = lazy(() => import('./energy-overview.tsx'));

export function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle(t('page.dashboard'));
  return (
    <Container size="xl" py="xl" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="xl">
        <PageTitle title={t('dashboard.title')} />
        <QuickActions />
        <Suspense fallback={<OverviewSkeleton />}>
          <EnergyOverview />
        </Suspense>
      </Stack>
    </Container>
  );
}

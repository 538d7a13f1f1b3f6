import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { ListLayout } from '../../shared/ui/list-layout.tsx';
import { MeterEvents } from './meter-events.tsx';
import { OutageCard } from './outage-card.tsx';
import { useOutages } from './outage-queries.ts';

/** /outages (spec §2): the site's outages, those on the customer's streets first, and their meters' events. */
export function OutagesPage() {
  const { t } = useTranslation();
  usePageTitle(t('outages.title'));
  const site = useSite();
  const outages = useOutages();
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('outages.title')}</Title>
          <Text c="dimmed">{t('outages.description')}</Text>
        </Stack>
        <ListLayout
          items={outages.data}
          query={outages}
          getKey={(outage) => outage.id}
          skeletonHeight={160}
          emptyTitle={t('outages.none')}
          emptyDescription=""
          aria-label={t('outages.title')}
          renderItem={(outage) => <OutageCard outage={outage} timezone={site.timezone} />}
        />
        <MeterEvents timezone={site.timezone} />
      </Stack>
    </Container>
  );
}

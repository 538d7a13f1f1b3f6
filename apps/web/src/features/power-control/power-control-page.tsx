import { Container, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandAnswer } from '@portal/schema/power';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { ListLayout } from '../../shared/ui/list-layout.tsx';
import { CommandOutcome } from './command-outcome.tsx';
import { useMeteringPoints } from './metering-point-queries.ts';
import { ObjectControlCard } from './object-control-card.tsx';

/** /power-control (spec §2): each object with its connection, loads, HAN port, live power and plans. */
export function PowerControlPage() {
  const { t } = useTranslation();
  usePageTitle(t('power.page-title'));
  const site = useSite();
  const meters = useMeteringPoints();
  const [followed, setFollowed] = useState<{ id: string; label: string }[]>([]);
  const follow = useCallback((answer: CommandAnswer, label: string) => {
    setFollowed((list) => (list.some((item) => item.id === answer.command.id) ? list : [...list, { id: answer.command.id, label }]));
  }, []);
  const settled = useCallback((id: string) => setFollowed((list) => list.filter((item) => item.id !== id)), []);
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('power.title')}</Title>
          <Text c="dimmed">{t('power.description')}</Text>
        </Stack>
        <ListLayout
          items={meters.data}
          query={meters}
          getKey={(meter) => meter.meteringPointId}
          skeletonHeight={240}
          skeletonCount={2}
          emptyTitle={t('power.empty.title')}
          emptyDescription={t('power.empty.description')}
          aria-label={t('power.objects')}
          renderItem={(meter) => <ObjectControlCard meter={meter} features={site.features} onCommand={follow} />}
        />
        {followed.map((item) => (
          <CommandOutcome key={item.id} commandId={item.id} label={item.label} onSettled={settled} />
        ))}
      </Stack>
    </Container>
  );
}

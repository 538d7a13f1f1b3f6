import { Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatKwh } from '../../shared/format/energy-format.ts';
import { useChartTheme } from '../../shared/ui/echart/chart-theme.ts';
import { EmptyState } from '../../shared/ui/list-layout.tsx';
import { yearlyConsumptionQueryOptions } from './dashboard-queries.ts';
import { LoadState } from '../../shared/ui/load-state.tsx';

/** Consumption per calendar year and utility: three years side by side, the running one marked so far. */
export function YearlyConsumptionCard() {
  const { t, i18n } = useTranslation();
  const theme = useChartTheme();
  const yearly = useQuery(yearlyConsumptionQueryOptions);
  const utilities = (yearly.data?.utilities ?? []).filter((entry) => entry.years.some((year) => year.kwh > 0));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="yearly-title" h="100%">
      <Stack gap="sm">
        <Title order={2} size="h3" id="yearly-title">
          {t('dashboard.yearly.title')}
        </Title>
        {!yearly.data ? (
          <LoadState query={yearly} count={3} height={30} />
        ) : utilities.length === 0 ? (
          <EmptyState title={t('dashboard.yearly.empty')} />
        ) : (
          utilities.map((entry) => {
            const largest = Math.max(1, ...entry.years.map((year) => year.kwh));
            return (
              <Stack key={entry.utility} gap={6}>
                <Text fw={600} size="sm">
                  {t(`utility.${entry.utility}`)}
                </Text>
                <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {entry.years.map((year) => (
                    <li key={year.year}>
                      <Group justify="space-between" gap="xs" wrap="nowrap">
                        <Text size="sm">{year.complete ? String(year.year) : t('dashboard.yearly.so-far', { year: year.year })}</Text>
                        <Text size="sm" fw={600}>
                          {formatKwh(year.kwh, i18n.language)}
                        </Text>
                      </Group>
                      <Progress
                        value={(year.kwh / largest) * 100}
                        size="sm"
                        color={theme.colorsFor(entry.utility).consumption[0]}
                        aria-hidden
                      />
                    </li>
                  ))}
                </Stack>
              </Stack>
            );
          })
        )}
      </Stack>
    </Card>
  );
}

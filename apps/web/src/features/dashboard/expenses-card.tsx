import { Card, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changePercent, formatCents } from '../../shared/format/energy-format.ts';
import { EmptyState } from '../../shared/ui/list-layout.tsx';
import { expensesQueryOptions } from './dashboard-queries.ts';
import { LoadState } from '../../shared/ui/load-state.tsx';

/** This year's energy cost and fees from the contracts' prices, month by month, against the same stretch last year. */
export function ExpensesCard() {
  const { t, i18n } = useTranslation();
  const expenses = useQuery(expensesQueryOptions);
  const data = expenses.data;
  const months = (data?.months ?? []).filter((month) => month.totalCents > 0 || month.kwh > 0).slice(-6);
  const largest = Math.max(1, ...months.map((month) => month.totalCents));
  const change = data ? changePercent(data.totalCents, data.comparisonTotalCents) : null;
  const monthName = (month: string) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' }).format(new Date(`${month}-01T12:00:00Z`));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="expenses-title" h="100%">
      <Stack gap="sm">
        <Title order={2} size="h3" id="expenses-title">
          {t('dashboard.expenses.title')}
        </Title>
        {!data ? (
          <LoadState query={expenses}>
            <Stack gap="xs">
              <Skeleton height={36} width="60%" />
              {[0, 1, 2, 3].map((index) => (
                <Skeleton key={index} height={18} />
              ))}
            </Stack>
          </LoadState>
        ) : !data || months.length === 0 ? (
          <EmptyState title={t('dashboard.expenses.empty.title')} description={t('dashboard.expenses.empty.description')} />
        ) : (
          <>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('dashboard.expenses.year-to-date', { year: data.from.slice(0, 4) })}
              </Text>
              <Text fw={800} fz={28} lh={1.2} data-testid="expenses-total">
                {formatCents(data.totalCents, i18n.language)}
              </Text>
              {data.comparisonTotalCents !== null && (
                <Text size="sm" c="dimmed">
                  {t('dashboard.expenses.comparison', {
                    amount: formatCents(data.comparisonTotalCents, i18n.language),
                    change: change === null ? '–' : `${change > 0 ? '+' : ''}${change}`,
                  })}
                </Text>
              )}
            </div>
            <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('dashboard.expenses.by-month')}>
              {months.map((month) => (
                <li key={month.month}>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text size="sm" tt="capitalize">
                      {monthName(month.month)}
                    </Text>
                    <Text size="sm" fw={600}>
                      {formatCents(month.totalCents, i18n.language)}
                    </Text>
                  </Group>
                  <Progress value={(month.totalCents / largest) * 100} size="sm" aria-hidden />
                </li>
              ))}
            </Stack>
            <Text size="xs" c="dimmed">
              {t('dashboard.expenses.note')}
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}

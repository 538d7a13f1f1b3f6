import { Card, Group, SegmentedControl, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { EChartsCoreOption } from 'echarts/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unitText } from '@portal/schema/units';
import type { EnergyStatistics } from '@portal/schema/energy';
import type { Utility } from '@portal/schema/enums';
import { changePercent, formatKwh } from '../../shared/format/energy-format.ts';
import { formatAxisLabel, formatBucket } from '../../shared/format/site-time.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { ChartEmptyState } from '../../shared/ui/chart-empty-state.tsx';
import { useChartTheme, type ChartTheme } from '../../shared/ui/echart/chart-theme.ts';
import { EChart } from '../../shared/ui/echart/echart.tsx';
import { consumptionStatisticsQueryOptions } from './dashboard-queries.ts';
import { LoadState } from '../../shared/ui/load-state.tsx';

type UtilityStatistics = EnergyStatistics['utilities'][number];

/** The dashboard chart: this month by day or this year by month, per utility, beside the same period a year back. */
export function DashboardChart() {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<'month' | 'year'>('month');
  const statistics = useQuery(consumptionStatisticsQueryOptions(period));
  const [chosen, setChosen] = useState<Utility | null>(null);
  const utilities = statistics.data?.utilities ?? [];
  const active = utilities.find((entry) => entry.utility === chosen) ?? utilities[0];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="dashboard-chart-title" h="100%">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h3" id="dashboard-chart-title">
            {t('dashboard.chart.title')}
          </Title>
          <SegmentedControl
            size="xs"
            aria-label={t('dashboard.chart.period')}
            value={period}
            onChange={(value) => setPeriod(value)}
            data={[
              { value: 'month', label: t('dashboard.chart.this-month') },
              { value: 'year', label: t('dashboard.chart.this-year') },
            ]}
          />
        </Group>
        {utilities.length > 1 && (
          <Tabs value={active?.utility ?? null} onChange={(value) => setChosen(value as Utility)}>
            <Tabs.List>
              {utilities.map((entry) => (
                <Tabs.Tab key={entry.utility} value={entry.utility}>
                  {t(`utility.${entry.utility}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        )}
        {!statistics.data ? (
          <LoadState query={statistics}>
            <Skeleton height={300} radius="md" data-testid="dashboard-chart-skeleton" />
          </LoadState>
        ) : !active || !active.values.some((value) => value.value !== null || value.comparison !== null) ? (
          <ChartEmptyState height={300} />
        ) : (
          <UtilityChart statistics={statistics.data} entry={active} locale={i18n.language} />
        )}
      </Stack>
    </Card>
  );
}

function UtilityChart({ statistics, entry, locale }: { statistics: EnergyStatistics; entry: UtilityStatistics; locale: string }) {
  const { t } = useTranslation();
  const site = useSite();
  const theme = useChartTheme();
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  const change = changePercent(entry.total, entry.comparisonTotal);
  const labels = {
    main: t(statistics.period === 'month' ? 'dashboard.chart.this-month' : 'dashboard.chart.this-year'),
    comparison: t('dashboard.chart.year-before'),
    unit: unitText('kWh', locale),
  };
  const option = dashboardChartOption(statistics, entry, theme, site.timezone, labels, (value) => formatKwh(value, locale), compact);
  return (
    <Stack gap="xs">
      <Group gap="lg">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {labels.main}
          </Text>
          <Text fw={700} size="xl">
            {formatKwh(entry.total, locale)}
          </Text>
        </div>
        {entry.comparisonTotal !== null && (
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {labels.comparison}
            </Text>
            <Text fw={600} size="lg">
              {formatKwh(entry.comparisonTotal, locale)}
              {change !== null && (
                <Text span size="sm" c="dimmed" ml={6}>
                  ({change > 0 ? '+' : ''}
                  {change} %)
                </Text>
              )}
            </Text>
          </div>
        )}
      </Group>
      <EChart
        option={option}
        height={compact ? 240 : 300}
        ariaLabel={t('dashboard.chart.alt', {
          utility: t(`utility.${entry.utility}`),
          total: formatKwh(entry.total, locale),
          comparison: entry.comparisonTotal === null ? '–' : formatKwh(entry.comparisonTotal, locale),
        })}
      />
    </Stack>
  );
}

export function dashboardChartOption(
  statistics: EnergyStatistics,
  entry: UtilityStatistics,
  theme: ChartTheme,
  timezone: string,
  labels: { main: string; comparison: string; unit: string },
  energy: (value: number) => string,
  compact: boolean,
): EChartsCoreOption {
  const colors = theme.colorsFor(entry.utility).consumption;
  const scale = statistics.resolution === 'day' ? 'day' : 'month';
  const categories = entry.values.map((value) => formatAxisLabel(value.date, timezone, scale));
  return {
    animationDuration: 300,
    textStyle: { fontFamily: theme.fontFamily, color: theme.text },
    grid: { left: compact ? 44 : 56, right: 12, top: 24, bottom: 48 },
    legend: { bottom: 0, textStyle: { color: theme.text } },
    tooltip: {
      trigger: 'axis',
      backgroundColor: theme.surface,
      borderColor: theme.border,
      textStyle: { color: theme.text },
      formatter: (params: { dataIndex: number; marker: string; seriesName: string; value: number | null }[]) => {
        const index = params[0]?.dataIndex ?? 0;
        const lines = [`<strong>${formatBucket(entry.values[index]!.date, timezone, statistics.resolution)}</strong>`];
        for (const item of params)
          if (item.value !== null && item.value !== undefined)
            lines.push(`${item.marker} ${item.seriesName}: <strong>${energy(item.value)}</strong>`);
        return lines.join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: categories,
      axisLabel: { color: theme.dimmed, hideOverlap: true },
      axisLine: { lineStyle: { color: theme.border } },
    },
    yAxis: {
      type: 'value',
      name: labels.unit,
      nameTextStyle: { color: theme.dimmed },
      axisLabel: { color: theme.dimmed },
      splitLine: { lineStyle: { color: theme.border } },
    },
    series: [
      { name: labels.main, type: 'bar', barMaxWidth: 22, itemStyle: { color: colors[0] }, data: entry.values.map((value) => value.value) },
      {
        name: labels.comparison,
        type: 'bar',
        barMaxWidth: 22,
        itemStyle: { color: colors[1] },
        data: entry.values.map((value) => value.comparison ?? null),
      },
    ],
  };
}

import { Table } from '@mantine/core';
import type { EChartsCoreOption } from 'echarts/core';
import { useTranslation } from 'react-i18next';
import type { FeedbackSubmissions } from '@portal/schema/feedback';
import { useChartTheme, type ChartTheme } from '../../shared/ui/echart/chart-theme.ts';
import { EChart } from '../../shared/ui/echart/echart.tsx';

type Distribution = FeedbackSubmissions['distribution'];

/**
 * How many answers gave each rating (docs/decisions/050): a bar chart (ECharts, loaded in its own chunk on first use)
 * whose text alternative lists every count, and the same counts as a table for screen readers and exact reading.
 */
export function RatingDistribution({ distribution }: { distribution: Distribution }) {
  const { t } = useTranslation();
  const theme = useChartTheme();
  const counts = distribution.map((row) => t('feedback.admin.rating-count', { rating: row.rating, count: row.count }));
  return (
    <div data-testid="feedback-distribution">
      <EChart
        option={distributionOption(distribution, theme, t('feedback.admin.rating'), t('feedback.admin.answers'))}
        height={220}
        ariaLabel={`${t('feedback.admin.distribution')}: ${counts.join(', ')}`}
      />
      <Table aria-label={t('feedback.admin.distribution')} mt="sm" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('feedback.admin.rating')}</Table.Th>
            {distribution.map((row) => (
              <Table.Th key={row.rating} ta="right">
                {row.rating}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{t('feedback.admin.answers')}</Table.Th>
            {distribution.map((row) => (
              <Table.Td key={row.rating} ta="right">
                {row.count}
              </Table.Td>
            ))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </div>
  );
}

export function distributionOption(
  distribution: Distribution,
  theme: ChartTheme,
  ratingName: string,
  answersName: string,
): EChartsCoreOption {
  const color = theme.colorsFor('electricity').consumption[0];
  return {
    animationDuration: 300,
    textStyle: { fontFamily: theme.fontFamily },
    grid: { left: 40, right: 12, top: 16, bottom: 40 },
    tooltip: {
      trigger: 'axis',
      backgroundColor: theme.surface,
      borderColor: theme.border,
      textStyle: { color: theme.text },
    },
    xAxis: {
      type: 'category',
      name: ratingName,
      nameLocation: 'middle',
      nameGap: 26,
      nameTextStyle: { color: theme.dimmed },
      data: distribution.map((row) => String(row.rating)),
      axisLabel: { color: theme.dimmed },
      axisLine: { lineStyle: { color: theme.border } },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      axisLabel: { color: theme.dimmed },
      splitLine: { lineStyle: { color: theme.border } },
    },
    series: [{ type: 'bar', name: answersName, barCategoryGap: '30%', itemStyle: { color }, data: distribution.map((row) => row.count) }],
  };
}

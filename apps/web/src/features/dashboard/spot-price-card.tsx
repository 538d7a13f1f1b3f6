import { Badge, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { EChartsCoreOption } from 'echarts/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpotDay, SpotStatistics } from '@portal/schema/energy';
import { formatCentsPerKwh } from '../../shared/format/energy-format.ts';
import { formatDay } from '@portal/schema/calendar-dates';
import { formatDateTime, inSiteTime } from '../../shared/format/site-time.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { useChartTheme, type ChartTheme } from '../../shared/ui/echart/chart-theme.ts';
import { EChart } from '../../shared/ui/echart/echart.tsx';
import { EmptyState } from '../../shared/ui/list-layout.tsx';
import { spotStatisticsQueryOptions } from './dashboard-queries.ts';
import { LoadState } from '../../shared/ui/load-state.tsx';

/** Spot prices are published without VAT; the card shows what a consumer pays per kWh, VAT included (display only). */
const withVat = (centsPerKwh: number, vatPermille: number) => Math.round(centsPerKwh * (1000 + vatPermille)) / 1000;

/** Today's and tomorrow's day-ahead price of the bidding zone: now, the day's range and its hourly averages. */
export function SpotPriceCard() {
  const { t, i18n } = useTranslation();
  const site = useSite();
  const spot = useQuery(spotStatisticsQueryOptions);
  const [day, setDay] = useState<'today' | 'tomorrow'>('today');
  const data = spot.data;
  const shown = data ? data[day] : null;
  // Each day at the VAT rate in force on it: tomorrow may already be taxed at a new rate.
  const price = (value: number) => formatCentsPerKwh(withVat(value, shown?.vatPermille ?? 0), i18n.language);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="spot-price-title" h="100%">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h3" id="spot-price-title">
            {t('dashboard.spot.title')}
          </Title>
          {data && <Badge variant="light">{t('dashboard.spot.zone', { zone: data.biddingZone })}</Badge>}
        </Group>
        <SegmentedControl
          size="xs"
          fullWidth
          aria-label={t('dashboard.spot.day')}
          value={day}
          onChange={(value) => setDay(value)}
          data={[
            { value: 'today', label: t('dashboard.spot.today') },
            { value: 'tomorrow', label: t('dashboard.spot.tomorrow') },
          ]}
        />
        {!data ? (
          <LoadState query={spot} height={220} />
        ) : !shown ? (
          <EmptyState
            title={day === 'tomorrow' ? t('dashboard.spot.tomorrow-pending.title') : t('dashboard.spot.empty.title')}
            description={day === 'tomorrow' ? t('dashboard.spot.tomorrow-pending.description') : undefined}
          />
        ) : (
          <>
            {day === 'today' && data?.current && (
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {t('dashboard.spot.now', { time: formatDateTime(data.current.startsAt, site.timezone) })}
                </Text>
                <Text fw={800} fz={32} lh={1.1} data-testid="spot-now">
                  {price(data.current.centsPerKwh)}
                </Text>
              </div>
            )}
            <Group gap="lg" grow>
              <Figure label={t('dashboard.spot.lowest')} value={price(shown.minimum)} />
              <Figure label={t('dashboard.spot.average')} value={price(shown.average)} />
              <Figure label={t('dashboard.spot.highest')} value={price(shown.maximum)} />
            </Group>
            <SpotChart day={shown} spot={data} format={price} />
            <Text size="xs" c="dimmed">
              {t('dashboard.spot.note', { vat: (shown.vatPermille / 10).toLocaleString(i18n.language), date: formatDay(shown.date) })}
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="sm">
        {value}
      </Text>
    </div>
  );
}

function SpotChart({ day, spot, format }: { day: SpotDay; spot: SpotStatistics; format: (value: number) => string }) {
  const { t } = useTranslation();
  const site = useSite();
  const theme = useChartTheme();
  const option = spotChartOption(day, theme, site.timezone, format, day.vatPermille);
  return (
    <EChart
      option={option}
      height={170}
      ariaLabel={t('dashboard.spot.alt', {
        date: formatDay(day.date),
        lowest: format(day.minimum),
        highest: format(day.maximum),
        zone: spot.biddingZone,
      })}
    />
  );
}

function spotChartOption(
  day: SpotDay,
  theme: ChartTheme,
  timezone: string,
  format: (value: number) => string,
  vatPermille: number,
): EChartsCoreOption {
  const color = theme.colorsFor('electricity').price[0];
  const now = Date.now();
  return {
    animationDuration: 300,
    textStyle: { fontFamily: theme.fontFamily },
    grid: { left: 36, right: 8, top: 8, bottom: 22 },
    tooltip: {
      trigger: 'axis',
      backgroundColor: theme.surface,
      borderColor: theme.border,
      textStyle: { color: theme.text },
      formatter: (params: { dataIndex: number; value: number }[]) => {
        const point = day.hourly[params[0]?.dataIndex ?? 0]!;
        const start = inSiteTime(point.startsAt, timezone);
        return `${start.format('HH:mm')}–${start.add(1, 'hour').format('HH:mm')}<br/><strong>${format(point.centsPerKwh)}</strong>`;
      },
    },
    xAxis: {
      type: 'category',
      data: day.hourly.map((point) => inSiteTime(point.startsAt, timezone).format('HH')),
      axisLabel: { color: theme.dimmed, interval: 5 },
      axisLine: { lineStyle: { color: theme.border } },
    },
    yAxis: { type: 'value', axisLabel: { color: theme.dimmed }, splitLine: { lineStyle: { color: theme.border } } },
    series: [
      {
        type: 'bar',
        barCategoryGap: '15%',
        data: day.hourly.map((point) => {
          const start = Date.parse(point.startsAt);
          const current = start <= now && now < start + 3_600_000;
          return {
            value: Math.round(withVat(point.centsPerKwh, vatPermille) * 100) / 100,
            itemStyle: { color, opacity: current ? 1 : 0.7, borderColor: current ? theme.text : undefined, borderWidth: current ? 1 : 0 },
          };
        }),
      },
    ],
  };
}

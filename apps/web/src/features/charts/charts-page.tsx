import { Alert, Button, Container, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReadingsResponse } from '@portal/schema/energy';
import { csvCents, type CsvCell } from '@portal/schema/csv-format';
import { saveCsv, writeCsv } from '../../shared/csv/csv-writer.ts';
import { unitText } from '@portal/schema/units';
import { changePercent, formatCelsius, formatCents, formatCentsPerKwh, formatKwh } from '../../shared/format/energy-format.ts';
import { formatDay, todayIn } from '@portal/schema/calendar-dates';
import { formatBucket } from '../../shared/format/site-time.ts';
import { usePageTitle } from '../../shared/hooks/use-page-title.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { ChartEmptyState } from '../../shared/ui/chart-empty-state.tsx';
import { EChart } from '../../shared/ui/echart/echart.tsx';
import { useChartTheme } from '../../shared/ui/echart/chart-theme.ts';
import { EmptyState } from '../../shared/ui/list-layout.tsx';
import { PageTitle } from '../../shared/ui/page-title.tsx';
import { UtilityBadge } from '../../shared/ui/utility-badge.tsx';
import { ChartControls } from './chart-controls.tsx';
import { defaultPeriod, effectiveResolution, periodKindOf, resolutionsFor, type ChartSearch, type EnergySeries } from './chart-search.ts';
import { buildReadingRows, type ReadingRow } from './reading-rows.ts';
import { readingsChartOption } from './readings-chart-option.ts';
import { usagePointsQueryOptions } from '../../shared/energy/usage-points.ts';
import { powerPeaksQueryOptions, powerPeakTexts } from '../../shared/energy/power-peaks.ts';
import { readingsQueryOptions } from './readings-queries.ts';
import { ReadingsDownloadMenu } from './readings-download-menu.tsx';
import { ReadingsTable } from './readings-table.tsx';
import { UsagePatternCard } from './usage-pattern-card.tsx';
import { MeterReadingsCard } from './meter-readings-card.tsx';
import { HomesComparisonCard } from './homes-comparison-card.tsx';
import { LoadState } from '../../shared/ui/load-state.tsx';

type Props = { search: ChartSearch; onSearchChange: (patch: Partial<ChartSearch>) => void };

const hasValues = (response: ReadingsResponse | undefined) =>
  !!response?.values.some((value) => value.value !== null || (value.comparison ?? null) !== null);

/** /charts: consumption, production and netted energy of a metering point, with price, temperature and cost. */
export function ChartsPage({ search, onSearchChange }: Props) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  usePageTitle(t('charts.title'));
  const site = useSite();
  const theme = useChartTheme();
  const compact = useMediaQuery('(max-width: 48em)') ?? false;
  const points = useQuery(usagePointsQueryOptions);

  const today = todayIn(site.timezone);
  const { from, to } = search.from && search.to ? { from: search.from, to: search.to } : defaultPeriod(today);
  const point = points.data?.find((candidate) => candidate.id === search.mp) ?? points.data?.[0];
  const has = (feature: Parameters<typeof site.features.includes>[0]) => site.features.includes(feature);
  const seriesOptions: EnergySeries[] = ['consumption'];
  if (point?.hasProduction) seriesOptions.push('production');
  if (point?.hasProduction && has('CHART_NETTED')) seriesOptions.push('netted');
  const series = search.series && seriesOptions.includes(search.series) ? search.series : 'consumption';
  const resolutions = resolutionsFor(point, site.features);
  const resolution = effectiveResolution(search.resolution, resolutions, from, to);
  const canShow = { price: point?.utility === 'electricity' && has('CHART_SPOT_PRICE'), temperature: has('CHART_TEMPERATURE') };
  const overlays = {
    price: !!search.price && canShow.price,
    temperature: !!search.temperature && canShow.temperature,
    hourlyPrice: !!search.hourlyPrice,
  };
  const compare = search.compare ?? 0;
  const base = { meteringPointId: point?.id ?? '', from, to };
  const priceResolution = overlays.hourlyPrice && (resolution === 'quarter-hour' || resolution === 'five-minute') ? 'hour' : resolution;

  const main = useQuery({ ...readingsQueryOptions({ ...base, series, resolution, yearsBack: compare || undefined }), enabled: !!point });
  const price = useQuery({
    ...readingsQueryOptions({ ...base, series: 'price', resolution: priceResolution }),
    enabled: !!point && overlays.price,
  });
  const temperature = useQuery({
    ...readingsQueryOptions({ ...base, series: 'temperature', resolution }),
    enabled: !!point && overlays.temperature,
  });

  // A whole month of a point with a power charge: its peak hour as the month's bill reads it (decision 119).
  const peakMonth = periodKindOf(from, to) === 'month' && point?.utility === 'electricity' ? from.slice(0, 7) : undefined;
  const peaks = useQuery({ ...powerPeaksQueryOptions(peakMonth), enabled: !!peakMonth });
  const peak = peaks.data?.peaks.find((candidate) => candidate.meteringPointId === point?.id && candidate.startsAt !== null);
  const peakTexts = peak && peaks.data ? powerPeakTexts(peak, peaks.data.timezone, t, locale) : null;

  const seriesLabel = t(`charts.series.${series}`);
  const units = { energy: unitText('kWh', locale), price: unitText('c/kWh', locale) };
  const comparisonLabel = main.data?.yearsBack ? t('charts.compare.legend', { count: main.data.yearsBack }) : null;
  const rows = useMemo(
    () =>
      main.data
        ? buildReadingRows(main.data, overlays.price ? price.data : undefined, overlays.temperature ? temperature.data : undefined)
        : [],
    [main.data, price.data, temperature.data, overlays.price, overlays.temperature],
  );
  const showCost = main.data?.costTotalCents !== null && main.data?.costTotalCents !== undefined;
  const option = useMemo(
    () =>
      main.data
        ? readingsChartOption({
            main: main.data,
            price: overlays.price ? price.data : undefined,
            temperature: overlays.temperature ? temperature.data : undefined,
            theme,
            timezone: site.timezone,
            compact,
            labels: {
              main: seriesLabel,
              comparison: comparisonLabel ?? '',
              estimated: t('charts.estimated'),
              price: t('charts.series.price'),
              temperature: t('charts.series.temperature'),
              cost: t('charts.cost'),
              units: { energy: unitText('kWh', locale), price: unitText('c/kWh', locale) },
            },
            format: {
              energy: (value) => formatKwh(value, locale),
              price: (value) => formatCentsPerKwh(value, locale),
              temperature: (value) => formatCelsius(value, locale),
              cents: (value) => formatCents(value, locale),
            },
          })
        : null,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `theme` is rebuilt each render from the scheme and site it reads
    [
      main.data,
      price.data,
      temperature.data,
      overlays.price,
      overlays.temperature,
      theme.scheme,
      site.timezone,
      from,
      to,
      compact,
      seriesLabel,
      comparisonLabel,
      locale,
      t,
    ],
  );

  if (!points.data)
    return (
      <PageFrame>
        <LoadState query={points} height={420} />
      </PageFrame>
    );
  if (!point) {
    return (
      <PageFrame>
        <Paper withBorder p="xl" radius="md">
          <EmptyState title={t('charts.no-metering-points.title')} description={t('charts.no-metering-points.description')} />
        </Paper>
      </PageFrame>
    );
  }

  const periodText = from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
  const caption = t('charts.caption', { series: seriesLabel, period: periodText, resolution: t(`charts.resolution.${resolution}`) });
  const summary =
    main.data?.total !== null && main.data?.total !== undefined
      ? t('charts.summary.total', { total: formatKwh(main.data.total, locale) })
      : t('chart.empty.title');
  const exportCsv = () => {
    type CsvColumn = { header: string; value: (row: ReadingRow) => CsvCell };
    const columns: CsvColumn[] = [
      { header: t('charts.table.time'), value: (row) => formatBucket(row.date, site.timezone, resolution) },
      { header: `${seriesLabel} (${units.energy})`, value: (row) => row.value },
      ...(comparisonLabel ? [{ header: `${comparisonLabel} (${units.energy})`, value: (row) => row.comparison } satisfies CsvColumn] : []),
      ...(showCost
        ? [
            {
              header: `${t('charts.cost')} (EUR)`,
              value: (row) => (row.costCents === null ? null : csvCents(row.costCents)),
            } satisfies CsvColumn,
          ]
        : []),
      ...(overlays.price ? [{ header: `${t('charts.table.price')} (${units.price})`, value: (row) => row.price } satisfies CsvColumn] : []),
      ...(overlays.temperature
        ? [{ header: `${t('charts.series.temperature')} (°C)`, value: (row) => row.temperature } satisfies CsvColumn]
        : []),
      { header: t('charts.table.estimated'), value: (row) => (row.estimated ? t('charts.csv.yes') : '') },
    ];
    const csv = writeCsv(
      columns.map((column) => column.header),
      rows.map((row) => columns.map((column) => column.value(row))),
      locale,
    );
    saveCsv(csv, `${point.gsrn}_${series}_${from}_${to}.csv`);
  };
  const change = main.data ? changePercent(main.data.total ?? 0, main.data.comparisonTotal) : null;

  return (
    <PageFrame
      actions={
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden />}
            onClick={exportCsv}
            disabled={!hasValues(main.data)}
          >
            {t('charts.export-csv')}
          </Button>
          <ReadingsDownloadMenu meteringPointId={point.id} from={from} to={to} />
        </Group>
      }
    >
      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <ChartControls
          points={points.data ?? []}
          point={point}
          series={series}
          seriesOptions={seriesOptions}
          from={from}
          to={to}
          today={today}
          resolution={resolution}
          chosenResolution={search.resolution}
          resolutions={resolutions}
          compare={compare}
          overlays={overlays}
          canShow={canShow}
          onChange={onSearchChange}
        />
      </Paper>

      <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={2}>
              <Group gap="xs">
                <Title order={2} size="h4">
                  {seriesLabel}
                </Title>
                <UtilityBadge utility={point.utility} />
              </Group>
              <Text size="sm" c="dimmed">
                {caption}
              </Text>
            </Stack>
            <SegmentedControl
              aria-label={t('charts.view.label')}
              value={search.view ?? 'chart'}
              data={[
                { value: 'chart', label: t('charts.view.chart') },
                { value: 'table', label: t('charts.view.table') },
              ]}
              onChange={(value) => onSearchChange({ view: value === 'table' ? 'table' : undefined })}
            />
          </Group>

          {main.data && hasValues(main.data) && (
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="charts-summary">
              <Figure label={t('charts.summary.energy')} value={formatKwh(main.data.total ?? 0, locale)} />
              {comparisonLabel && (
                <Figure
                  label={comparisonLabel}
                  value={main.data.comparisonTotal === null ? '–' : formatKwh(main.data.comparisonTotal, locale)}
                  note={change === null ? undefined : t('charts.summary.change', { change: `${change > 0 ? '+' : ''}${change}` })}
                />
              )}
              {showCost && (
                <Figure
                  label={t('charts.summary.cost')}
                  value={formatCents(main.data.costTotalCents ?? 0, locale)}
                  note={t('charts.summary.vat-included')}
                />
              )}
              {peakTexts && series === 'consumption' && (
                <Figure label={t('charts.summary.peak')} value={peakTexts.kw} note={`${peakTexts.hour} · ${peakTexts.charge}`} />
              )}
              {rows.some((row) => row.estimated) && (
                <Figure
                  label={t('charts.summary.estimated')}
                  value={String(rows.filter((row) => row.estimated).length)}
                  note={t('charts.summary.estimated-note')}
                />
              )}
            </SimpleGrid>
          )}

          {!main.data ? (
            <LoadState query={main} height={compact ? 300 : 380} />
          ) : !hasValues(main.data) ? (
            <ChartEmptyState height={compact ? 300 : 380} />
          ) : search.view === 'table' ? (
            <ReadingsTable
              rows={rows}
              caption={caption}
              timezone={site.timezone}
              resolution={resolution}
              seriesLabel={`${seriesLabel} (${units.energy})`}
              comparisonLabel={comparisonLabel}
              showCost={showCost}
              showPrice={overlays.price}
              showTemperature={overlays.temperature}
            />
          ) : (
            option && (
              <EChart option={option} height={compact ? 300 : 380} ariaLabel={`${caption}. ${summary}. ${t('charts.view.table-hint')}`} />
            )
          )}
          {main.isError && main.data && (
            <Alert color="red" icon={<IconInfoCircle aria-hidden />}>
              {t('charts.load-failed')}
            </Alert>
          )}
        </Stack>
      </Paper>

      {/* Readings the customer enters, for a hand-read meter (docs/decisions/112). */}
      {has('METER_READING_ENTRY') && <MeterReadingsCard meteringPointId={point.id} />}
      <UsagePatternCard meteringPointId={point.id} from={from} to={to} />
      {/* Homes like mine (decision 123): the last twelve months beside similar homes of the site. */}
      <HomesComparisonCard meteringPointId={point.id} />
    </PageFrame>
  );
}

function PageFrame({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Container size="xl" py="xl" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <PageTitle title={t('charts.title')} />
          {actions}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Stack>
  );
}

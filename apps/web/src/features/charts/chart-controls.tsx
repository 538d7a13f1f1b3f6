import { ActionIcon, Group, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { UsagePoint } from '@portal/schema/energy';
import type { ReadingResolution } from '@portal/schema/energy-rules';
import { useTranslation } from 'react-i18next';
import { formatDay, maxDate, minDate } from '@portal/schema/calendar-dates';
import { DateField } from '../../shared/ui/date-field.tsx';
import { fitsRange, periodKindOf, periodOfKind, stepPeriod, type ChartSearch, type EnergySeries, type PeriodKind } from './chart-search.ts';

type Props = {
  points: UsagePoint[];
  point: UsagePoint;
  series: EnergySeries;
  seriesOptions: EnergySeries[];
  from: string;
  to: string;
  today: string;
  resolution: ReadingResolution;
  chosenResolution: ReadingResolution | undefined;
  resolutions: ReadingResolution[];
  compare: number;
  overlays: { price: boolean; temperature: boolean; hourlyPrice: boolean };
  canShow: { price: boolean; temperature: boolean };
  onChange: (patch: Partial<ChartSearch>) => void;
};

const PERIOD_KINDS: Exclude<PeriodKind, 'custom'>[] = ['day', 'week', 'month', 'year'];

/** Metering point, series, period (with previous and next), resolution, comparison and overlays of /charts. */
export function ChartControls(props: Props) {
  const { t } = useTranslation();
  const {
    points,
    point,
    series,
    seriesOptions,
    from,
    to,
    today,
    resolution,
    chosenResolution,
    resolutions,
    compare,
    overlays,
    canShow,
    onChange,
  } = props;
  const kind = periodKindOf(from, to);
  const utility = (value: UsagePoint['utility']) => t(`utility.${value}`);
  const finePrice = resolution === 'quarter-hour' || resolution === 'five-minute';
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t('charts.metering-point')}
          value={point.id}
          allowDeselect={false}
          data={points.map((candidate) => ({
            value: candidate.id,
            label: `${candidate.address.street}, ${candidate.address.city} · ${utility(candidate.utility)} · ${candidate.gsrn}`,
          }))}
          onChange={(value) => value && onChange({ mp: value, series: undefined, resolution: undefined })}
        />
        {seriesOptions.length > 1 ? (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="charts-series-label">
              {t('charts.series.label')}
            </Text>
            <SegmentedControl
              aria-labelledby="charts-series-label"
              fullWidth
              value={series}
              data={seriesOptions.map((value) => ({ value, label: t(`charts.series.${value}`) }))}
              onChange={(value) => onChange({ series: value })}
            />
          </Stack>
        ) : (
          <div />
        )}
      </SimpleGrid>

      <Stack gap={4}>
        <Text size="sm" fw={500} id="charts-period-label">
          {t('charts.period.label')}
        </Text>
        <Group gap="xs" wrap="wrap" align="center">
          <SegmentedControl
            aria-labelledby="charts-period-label"
            value={kind === 'custom' ? '' : kind}
            data={PERIOD_KINDS.map((value) => ({ value, label: t(`charts.period.${value}`) }))}
            onChange={(value) => onChange(periodOfKind(value as (typeof PERIOD_KINDS)[number], from, to, today))}
          />
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('charts.period.previous')}
              onClick={() => onChange(stepPeriod(from, to, -1))}
            >
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
            <Text fw={600} miw={170} ta="center" aria-live="polite" data-testid="charts-period">
              {from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`}
            </Text>
            <ActionIcon variant="default" size="lg" aria-label={t('charts.period.next')} onClick={() => onChange(stepPeriod(from, to, 1))}>
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
      </Stack>

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        {/* Both ends go to the URL together: the page shows a period only when it has both. */}
        <DateField label={t('charts.period.from')} value={from} onChange={(day) => day && onChange({ from: day, to: maxDate(day, to) })} />
        <DateField label={t('charts.period.to')} value={to} onChange={(day) => day && onChange({ from: minDate(from, day), to: day })} />
        <Select
          label={t('charts.resolution.label')}
          value={chosenResolution && chosenResolution === resolution ? resolution : 'auto'}
          allowDeselect={false}
          data={[
            { value: 'auto', label: t('charts.resolution.auto', { resolution: t(`charts.resolution.${resolution}`) }) },
            ...resolutions.map((value) => ({ value, label: t(`charts.resolution.${value}`), disabled: !fitsRange(value, from, to) })),
          ]}
          onChange={(value) => onChange({ resolution: value === 'auto' || !value ? undefined : value })}
        />
        <Select
          label={t('charts.compare.label')}
          value={String(compare)}
          allowDeselect={false}
          data={[0, 1, 2].map((years) => ({
            value: String(years),
            label: years === 0 ? t('charts.compare.none') : t('charts.compare.years', { count: years }),
          }))}
          onChange={(value) => onChange({ compare: value && value !== '0' ? Number(value) : undefined })}
        />
      </SimpleGrid>

      {(canShow.price || canShow.temperature) && (
        <Group gap="lg">
          {canShow.price && (
            <Switch
              label={t('charts.overlay.price')}
              checked={overlays.price}
              onChange={(event) => onChange({ price: event.currentTarget.checked || undefined })}
            />
          )}
          {canShow.price && overlays.price && finePrice && (
            <Switch
              label={t('charts.overlay.hourly-price')}
              checked={overlays.hourlyPrice}
              onChange={(event) => onChange({ hourlyPrice: event.currentTarget.checked || undefined })}
            />
          )}
          {canShow.temperature && (
            <Switch
              label={t('charts.overlay.temperature')}
              checked={overlays.temperature}
              onChange={(event) => onChange({ temperature: event.currentTarget.checked || undefined })}
            />
          )}
        </Group>
      )}
    </Stack>
  );
}

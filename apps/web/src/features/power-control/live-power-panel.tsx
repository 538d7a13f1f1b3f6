import { Badge, Button, Group, SemiCircleProgress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { EChartsCoreOption } from 'echarts/core';
import { useTranslation } from 'react-i18next';
import type { CommandAnswer, LiveReading } from '@portal/schema/power';
import { formatNumber } from '../../shared/format/energy-format.ts';
import { inSiteTime } from '../../shared/format/site-time.ts';
import { useSite } from '../../shared/site/site-context.tsx';
import { useChartTheme, type ChartTheme } from '../../shared/ui/echart/chart-theme.ts';
import { EChart } from '../../shared/ui/echart/echart.tsx';
import { useLiveReadings, type StreamState } from './live-reading-queries.ts';
import { readLiveReadings, useCommand } from './command-queries.ts';

/** A 3 × 25 A main fuse carries about 17 kW: the gauges' full scale. */
const GAUGE_FULL_W = 17_000;
const STATE_COLOURS: Record<StreamState, string> = { live: 'green', connecting: 'yellow', paused: 'gray', closed: 'red' };

type Props = { objectId: string; address: string; onCommand: (answer: CommandAnswer, label: string) => void };

/** Live power of an object: gauges for import and export, phases, and the last minutes as a moving chart. */
export function LivePowerPanel({ objectId, address, onCommand }: Props) {
  const { t, i18n } = useTranslation();
  const site = useSite();
  const theme = useChartTheme();
  const { readings, latest, state } = useLiveReadings(objectId);
  const readNow = useCommand(readLiveReadings);
  const kw = (watts: number) => `${formatNumber(watts / 1000, i18n.language, 2)} kW`;
  return (
    <Stack gap="sm" component="section" aria-label={t('power.live.title-for', { address })}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} size="h4">
          {t('power.live.title')}
        </Title>
        <Group gap="xs">
          <Badge color={STATE_COLOURS[state]} variant="dot" data-testid="live-state">
            {t(`power.live.state.${state}`)}
          </Badge>
          <Button
            size="xs"
            variant="light"
            loading={readNow.isPending}
            onClick={() => readNow.mutate(objectId, { onSuccess: (answer) => onCommand(answer, t('power.live.title-for', { address })) })}
          >
            {t('power.live.read-now')}
          </Button>
        </Group>
      </Group>
      {latest ? (
        <>
          <SimpleGrid cols={{ base: 2 }} spacing="md">
            <Gauge label={t('power.live.import')} value={kw(latest.activePowerImportW)} watts={latest.activePowerImportW} color="blue" />
            <Gauge label={t('power.live.export')} value={kw(latest.activePowerExportW)} watts={latest.activePowerExportW} color="teal" />
          </SimpleGrid>
          <Text size="xs" c="dimmed" data-testid="live-measured-at">
            {t('power.live.measured-at', { time: inSiteTime(latest.measuredAt, site.timezone).format('HH:mm:ss') })}
          </Text>
          <EChart
            option={movingChartOption(readings, theme, site.timezone, t('power.live.import'), t('power.live.export'))}
            height={180}
            ariaLabel={t('power.live.chart-alt', { import: kw(latest.activePowerImportW), export: kw(latest.activePowerExportW) })}
          />
          <PhaseTable reading={latest} />
        </>
      ) : (
        <Text c="dimmed" size="sm">
          {t('power.live.waiting')}
        </Text>
      )}
    </Stack>
  );
}

function Gauge({ label, value, watts, color }: { label: string; value: string; watts: number; color: string }) {
  return (
    <Stack gap={0} align="center">
      <SemiCircleProgress
        value={Math.min(100, (watts / GAUGE_FULL_W) * 100)}
        size={150}
        thickness={14}
        filledSegmentColor={color}
        label={value}
        aria-label={`${label}: ${value}`}
      />
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

function PhaseTable({ reading }: { reading: LiveReading }) {
  const { t, i18n } = useTranslation();
  const number = (value: number, digits: number) => formatNumber(value, i18n.language, digits);
  return (
    <Table withTableBorder striped fz="sm" captionSide="top">
      <Table.Caption>{t('power.live.phases')}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('power.live.phase')}</Table.Th>
          <Table.Th scope="col">{t('power.live.voltage')}</Table.Th>
          <Table.Th scope="col">{t('power.live.current')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {reading.voltageV.map((volts, phase) => (
          <Table.Tr key={phase}>
            <Table.Th scope="row">L{phase + 1}</Table.Th>
            <Table.Td>{number(volts, 1)} V</Table.Td>
            <Table.Td>{number(reading.currentA[phase]!, 2)} A</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr>
          <Table.Th scope="row">{t('power.live.register')}</Table.Th>
          <Table.Td colSpan={2}>
            {t('power.live.register-values', {
              import: number(reading.energyImportWh / 1000, 1),
              export: number(reading.energyExportWh / 1000, 1),
            })}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function movingChartOption(
  readings: LiveReading[],
  theme: ChartTheme,
  timezone: string,
  importLabel: string,
  exportLabel: string,
): EChartsCoreOption {
  const colours = theme.colorsFor('electricity');
  const points = (pick: (reading: LiveReading) => number) =>
    readings.map((reading) => [Number(reading.id), Math.round(pick(reading)) / 1000]);
  return {
    animation: false,
    textStyle: { fontFamily: theme.fontFamily },
    grid: { left: 40, right: 8, top: 24, bottom: 24 },
    legend: { top: 0, textStyle: { color: theme.text } },
    tooltip: { trigger: 'axis', backgroundColor: theme.surface, borderColor: theme.border, textStyle: { color: theme.text } },
    xAxis: {
      type: 'time',
      axisLabel: { color: theme.dimmed, hideOverlap: true, formatter: (value: number) => inSiteTime(value, timezone).format('HH:mm') },
      axisLine: { lineStyle: { color: theme.border } },
    },
    yAxis: { type: 'value', name: 'kW', axisLabel: { color: theme.dimmed }, splitLine: { lineStyle: { color: theme.border } } },
    series: [
      {
        name: importLabel,
        type: 'line',
        showSymbol: false,
        data: points((reading) => reading.activePowerImportW),
        color: colours.consumption[0],
      },
      {
        name: exportLabel,
        type: 'line',
        showSymbol: false,
        data: points((reading) => reading.activePowerExportW),
        color: colours.production[0],
      },
    ],
  };
}

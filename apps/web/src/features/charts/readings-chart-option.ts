import type { EChartsCoreOption } from 'echarts/core';
import type { ReadingsResponse } from '@portal/schema/energy';
import type { ChartTheme } from '../../shared/ui/echart/chart-theme.ts';
import type { ReadingResolution } from '@portal/schema/energy-rules';
import { formatBucket, inSiteTime } from '../../shared/format/site-time.ts';

type Labels = {
  main: string;
  comparison: string;
  estimated: string;
  price: string;
  temperature: string;
  cost: string;
  /** The locale's units of energy and of its price (@portal/schema/units). */
  units: { energy: string; price: string };
};
type Formatters = {
  energy: (value: number) => string;
  price: (value: number) => string;
  temperature: (value: number) => string;
  cents: (value: number) => string;
};

type Input = {
  main: ReadingsResponse;
  price?: ReadingsResponse;
  temperature?: ReadingsResponse;
  theme: ChartTheme;
  timezone: string;
  labels: Labels;
  format: Formatters;
  compact: boolean;
};

/** One bucket of each resolution on the site's clock, for the axis's end (a month or a daylight saving day is uneven). */
const BUCKET_STEP: Record<ReadingResolution, [number, 'month' | 'day' | 'hour' | 'minute']> = {
  month: [1, 'month'],
  day: [1, 'day'],
  hour: [1, 'hour'],
  'quarter-hour': [15, 'minute'],
  'five-minute': [5, 'minute'],
};

/** How many buckets apart labels may stand: whole hours, days or quarters, so the labels read as a regular scale. */
const LABEL_STEPS: Record<ReadingResolution, number[]> = {
  month: [1, 2, 3, 6, 12],
  day: [1, 2, 7, 14, 28],
  hour: [1, 2, 3, 4, 6, 12, 24],
  'quarter-hour': [1, 2, 4, 8, 12, 16, 24, 48, 96],
  'five-minute': [1, 3, 6, 12, 24, 36, 48, 72, 144, 288],
};

/**
 * The axis labels of the bars: each stands under its own bar and names that bar's bucket (a day as DD.MM, an hour as
 * HH:mm, with the day when the view spans days), every `step` buckets so that at most `most` fit the width.
 */
export function bucketAxisLabels(
  dates: string[],
  resolution: ReadingResolution,
  timezone: string,
  centreOf: (date: string) => number,
  most: number,
): Map<number, string> {
  const steps = LABEL_STEPS[resolution];
  const step = steps.find((candidate) => Math.ceil(dates.length / candidate) <= most) ?? Math.ceil(dates.length / most);
  const days = new Set(dates.map((date) => inSiteTime(date, timezone).format('YYYY-MM-DD')));
  const format = resolution === 'month' ? 'MM.YYYY' : resolution === 'day' ? 'DD.MM' : days.size > 1 ? 'DD.MM HH:mm' : 'HH:mm';
  const labels = new Map<number, string>();
  dates.forEach((date, index) => {
    if (index % step === 0) labels.set(centreOf(date), inSiteTime(date, timezone).format(format));
  });
  return labels;
}

const BUCKET_MS: Record<string, number> = {
  'five-minute': 300_000,
  'quarter-hour': 900_000,
  hour: 3_600_000,
  day: 86_400_000,
  month: 30 * 86_400_000,
};

/**
 * ECharts option of the /charts view: energy as bars (the comparison year beside them, estimated buckets
 * faded), price and temperature as lines on their own right-hand axes; a time axis so an hourly-average
 * price meets quarter-hour bars, labelled in the site timezone by the range axis rule (spec §9).
 */
export function readingsChartOption({ main, price, temperature, theme, timezone, labels, format, compact }: Input): EChartsCoreOption {
  const colors = theme.colorsFor(main.utility);
  const energyColors = colors[main.series === 'price' || main.series === 'temperature' ? 'consumption' : main.series];
  const half = (BUCKET_MS[main.resolution] ?? 3_600_000) / 2;
  // Bars sit in the middle of their bucket, so a day's bar stands over the day, not on its midnight line.
  const at = (date: string, resolution = main.resolution) => Date.parse(date) + ((BUCKET_MS[resolution] ?? 0) / 2 || half);
  const rightAxes: object[] = [];
  const series: object[] = [
    {
      name: labels.main,
      type: 'bar',
      barMaxWidth: 28,
      yAxisIndex: 0,
      itemStyle: { color: energyColors[0] },
      data: main.values.map((value) => ({
        value: [at(value.date), value.value],
        itemStyle: value.estimated
          ? { color: energyColors[0], opacity: 0.45, borderType: 'dashed', borderColor: theme.text, borderWidth: 1 }
          : undefined,
        estimated: value.estimated,
        costCents: value.costCents,
      })),
    },
  ];
  if (main.yearsBack) {
    series.push({
      name: labels.comparison,
      type: 'bar',
      barMaxWidth: 28,
      yAxisIndex: 0,
      itemStyle: { color: energyColors[1] },
      data: main.values.map((value) => [at(value.date), value.comparison ?? null]),
    });
  }
  if (price) {
    rightAxes.push({
      type: 'value',
      name: labels.units.price,
      position: 'right',
      axisLine: { show: true, lineStyle: { color: colors.price[0] } },
      splitLine: { show: false },
    });
    series.push({
      name: labels.price,
      type: 'line',
      step: price.resolution === main.resolution ? false : 'start',
      showSymbol: false,
      yAxisIndex: rightAxes.length,
      lineStyle: { width: 2, color: colors.price[0] },
      itemStyle: { color: colors.price[0] },
      data: price.values.map((value) => [at(value.date, price.resolution), value.value]),
    });
  }
  if (temperature) {
    rightAxes.push({
      type: 'value',
      name: '°C',
      position: 'right',
      offset: rightAxes.length > 0 ? (compact ? 36 : 52) : 0,
      axisLine: { show: true, lineStyle: { color: colors.temperature[0] } },
      splitLine: { show: false },
    });
    series.push({
      name: labels.temperature,
      type: 'line',
      smooth: true,
      showSymbol: false,
      yAxisIndex: rightAxes.length,
      lineStyle: { width: 2, color: colors.temperature[0], type: 'dashed' },
      itemStyle: { color: colors.temperature[0] },
      data: temperature.values.map((value) => [at(value.date, temperature.resolution), value.value]),
    });
  }
  const dates = main.values.map((value) => value.date);
  const axisLabels = bucketAxisLabels(dates, main.resolution, timezone, (date) => at(date), compact ? 7 : 16);
  const [amount, unit] = BUCKET_STEP[main.resolution];
  const unitOf = (name: string) =>
    name === labels.price ? format.price : name === labels.temperature ? format.temperature : format.energy;
  return {
    animationDuration: 300,
    textStyle: { fontFamily: theme.fontFamily, color: theme.text },
    grid: { left: compact ? 44 : 64, right: 16 + rightAxes.length * (compact ? 40 : 56), top: 36, bottom: compact ? 64 : 56 },
    legend: { bottom: 0, textStyle: { color: theme.text }, itemGap: compact ? 8 : 16 },
    tooltip: {
      trigger: 'axis',
      backgroundColor: theme.surface,
      borderColor: theme.border,
      textStyle: { color: theme.text },
      formatter: (
        params: {
          seriesName: string;
          marker: string;
          value: [number, number | null];
          data: { costCents?: number | null; estimated?: boolean } | unknown;
        }[],
      ) => {
        if (params.length === 0) return '';
        const first = params[0]!;
        const date = new Date(first.value[0] - half).toISOString();
        const lines = [`<strong>${formatBucket(date, timezone, main.resolution)}</strong>`];
        for (const item of params) {
          const value = item.value[1];
          if (value === null || value === undefined) continue;
          const data = item.data as { costCents?: number | null; estimated?: boolean };
          const estimated = data?.estimated ? ` (${labels.estimated})` : '';
          lines.push(`${item.marker} ${item.seriesName}: <strong>${unitOf(item.seriesName)(value)}</strong>${estimated}`);
          if (typeof data?.costCents === 'number') lines.push(`&nbsp;&nbsp;&nbsp;${labels.cost}: ${format.cents(data.costCents)}`);
        }
        return lines.join('<br/>');
      },
    },
    // A time axis, so an hourly price meets quarter-hour bars; its labels and ticks stand at the bars, not at
    // midnights between them (issue 27), and it spans the buckets shown, first to last.
    xAxis: {
      type: 'time',
      ...(dates.length > 0
        ? { min: Date.parse(dates[0]!), max: Date.parse(inSiteTime(dates.at(-1)!, timezone).add(amount, unit).toISOString()) }
        : {}),
      axisLabel: {
        color: theme.dimmed,
        hideOverlap: true,
        customValues: [...axisLabels.keys()],
        formatter: (value: number) => axisLabels.get(value) ?? '',
      },
      axisTick: { customValues: [...axisLabels.keys()] },
      axisLine: { lineStyle: { color: theme.border } },
      splitLine: { show: false },
    },
    yAxis: [
      {
        type: 'value',
        name: labels.units.energy,
        nameTextStyle: { color: theme.dimmed },
        axisLabel: { color: theme.dimmed },
        splitLine: { lineStyle: { color: theme.border } },
      },
      ...rightAxes.map((axis) => ({ ...axis, nameTextStyle: { color: theme.dimmed }, axisLabel: { color: theme.dimmed } })),
    ],
    series,
  };
}

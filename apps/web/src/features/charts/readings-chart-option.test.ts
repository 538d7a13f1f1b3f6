import { describe, expect, it } from 'vitest';
import type { ReadingsResponse } from '@portal/schema/energy';
import type { ReadingResolution } from '@portal/schema/energy-rules';
import { inSiteTime } from '../../shared/format/site-time.ts';
import type { ChartTheme } from '../../shared/ui/echart/chart-theme.ts';
import { readingsChartOption } from './readings-chart-option.ts';

const TIMEZONE = 'Europe/Helsinki';
const colours = {
  consumption: ['#111', '#222'],
  production: ['#333', '#444'],
  netted: ['#555', '#666'],
  price: ['#777'],
  temperature: ['#888'],
};
const theme = {
  scheme: 'light',
  text: '#000',
  dimmed: '#555',
  border: '#ccc',
  surface: '#fff',
  colorsFor: () => colours,
  utilityColor: () => '#000',
  fontFamily: 'sans-serif',
} as unknown as ChartTheme;

/** `count` buckets of a resolution from local midnight of `day`, as the server sends them (UTC instants of bucket starts). */
function buckets(resolution: ReadingResolution, day: string, count: number): ReadingsResponse {
  const step = {
    month: [1, 'month'],
    day: [1, 'day'],
    hour: [1, 'hour'],
    'quarter-hour': [15, 'minute'],
    'five-minute': [5, 'minute'],
  } as const;
  const [amount, unit] = step[resolution];
  const start = inSiteTime(`${day}T12:00:00Z`, TIMEZONE).startOf('day');
  const values = Array.from({ length: count }, (_, index) => ({
    date: start.add(index * amount, unit).toISOString(),
    value: 1 + (index % 5),
  }));
  return {
    series: 'consumption',
    meteringPointId: 'mp-1',
    utility: 'electricity',
    resolution,
    unit: 'kWh',
    timezone: TIMEZONE,
    from: day,
    to: day,
    yearsBack: null,
    total: null,
    comparisonTotal: null,
    costTotalCents: null,
    values,
  };
}

type Axis = {
  min: number;
  max: number;
  axisLabel: { customValues: number[]; formatter: (value: number) => string };
  axisTick: { customValues: number[] };
};

function axisOf(main: ReadingsResponse, compact = false) {
  const option = readingsChartOption({
    main,
    theme,
    timezone: TIMEZONE,
    labels: {
      main: 'Consumption',
      comparison: '',
      estimated: 'estimated',
      price: 'Price',
      temperature: 'Temperature',
      cost: 'Cost',
      units: { energy: 'kWh', price: 'c/kWh' },
    },
    format: { energy: String, price: String, temperature: String, cents: String },
    compact,
  }) as { xAxis: Axis; series: { data: { value: [number, number] }[] }[] };
  const bars = option.series[0]!.data.map((bar) => bar.value[0]);
  return { axis: option.xAxis, bars };
}

const ownLabel = (date: string, format: string) => inSiteTime(date, TIMEZONE).format(format);

describe('the /charts time axis', () => {
  it('labels each bar of a week with its own day, under the bar', () => {
    const week = buckets('day', '2026-01-05', 7);
    const { axis, bars } = axisOf(week);
    expect(axis.axisLabel.customValues).toEqual(bars);
    expect(axis.axisTick.customValues).toEqual(bars);
    expect(bars.map(axis.axisLabel.formatter)).toEqual(['05.01', '06.01', '07.01', '08.01', '09.01', '10.01', '11.01']);
    // The axis spans the week's seven days: no bar is cut and no label falls on a midnight between bars.
    expect(axis.min).toBe(Date.parse(week.values[0]!.date));
    expect(axis.max).toBe(Date.parse(inSiteTime(week.values[6]!.date, TIMEZONE).add(1, 'day').toISOString()));
  });

  it.each([
    { resolution: 'month', day: '2026-01-01', count: 12, format: 'MM.YYYY' },
    { resolution: 'day', day: '2026-03-01', count: 31, format: 'DD.MM' },
    { resolution: 'hour', day: '2026-03-29', count: 23, format: 'HH:mm' },
    { resolution: 'quarter-hour', day: '2026-01-15', count: 96, format: 'HH:mm' },
    { resolution: 'five-minute', day: '2026-01-15', count: 288, format: 'HH:mm' },
  ] as const)('puts every $resolution label on a bar and names that bar’s own bucket', ({ resolution, day, count, format }) => {
    for (const compact of [false, true]) {
      const main = buckets(resolution, day, count);
      const { axis, bars } = axisOf(main, compact);
      const labelled = axis.axisLabel.customValues;
      expect(labelled[0]).toBe(bars[0]);
      expect(labelled.length).toBeGreaterThanOrEqual(Math.min(count, 4));
      expect(labelled.length).toBeLessThanOrEqual(compact ? 7 : 16);
      for (const value of labelled) {
        const index = bars.indexOf(value);
        expect(index, `label at ${new Date(value).toISOString()} stands over no bar`).toBeGreaterThanOrEqual(0);
        expect(axis.axisLabel.formatter(value)).toBe(ownLabel(main.values[index]!.date, format));
      }
      // Evenly spaced: every so many buckets.
      const gaps = new Set(labelled.slice(1).map((value, index) => bars.indexOf(value) - bars.indexOf(labelled[index]!)));
      expect(gaps.size).toBe(1);
    }
  });

  it('names the day too when hours of more than one day are shown', () => {
    const main = buckets('hour', '2026-01-05', 48);
    const { axis } = axisOf(main);
    expect(axis.axisLabel.formatter(axis.axisLabel.customValues[0]!)).toBe('05.01 00:00');
  });
});

import { describe, expect, it } from 'vitest';
import type { ChartTheme } from '../../shared/ui/echart/chart-theme.ts';
import { distributionOption } from './rating-distribution.tsx';

const theme = {
  text: '#111',
  dimmed: '#555',
  border: '#ccc',
  surface: '#fff',
  fontFamily: 'Inter',
  colorsFor: () => ({ consumption: ['#0a7'], production: [], netted: [], price: [], temperature: [] }),
} as unknown as ChartTheme;

describe('the chart of answers per rating', () => {
  it('draws one bar per rating, 1 to 5, in whole answers, in the theme’s consumption colour', () => {
    const option = distributionOption(
      [1, 2, 3, 4, 5].map((rating) => ({ rating, count: rating === 4 ? 2 : rating === 3 ? 1 : 0 })),
      theme,
      'Rating',
      'Answers',
    ) as {
      xAxis: { data: string[]; name: string };
      yAxis: { minInterval: number };
      series: { type: string; data: number[]; itemStyle: { color: string } }[];
    };
    expect(option.xAxis).toMatchObject({ data: ['1', '2', '3', '4', '5'], name: 'Rating' });
    expect(option.yAxis.minInterval).toBe(1);
    expect(option.series).toEqual([
      expect.objectContaining({ type: 'bar', name: 'Answers', data: [0, 0, 1, 2, 0], itemStyle: { color: '#0a7' } }),
    ]);
  });
});

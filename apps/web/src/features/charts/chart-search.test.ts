import { describe, expect, it } from 'vitest';
import { formatAxisLabel, formatBucket } from '../../shared/format/site-time.ts';
import { effectiveResolution, periodKindOf, periodOfKind, resolutionsFor, stepPeriod } from './chart-search.ts';
import { validateChartSearch } from './chart-search-params.ts';

describe('chart periods and resolutions', () => {
  it('steps days, Monday weeks, months, years and custom ranges', () => {
    expect(stepPeriod('2026-03-30', '2026-03-30', -1)).toEqual({ from: '2026-03-29', to: '2026-03-29' });
    expect(periodKindOf('2026-11-16', '2026-11-22')).toBe('week');
    expect(stepPeriod('2026-11-16', '2026-11-22', 1)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(stepPeriod('2026-03-01', '2026-03-31', -1)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(stepPeriod('2024-01-01', '2024-12-31', 1)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(stepPeriod('2026-01-05', '2026-01-14', 1)).toEqual({ from: '2026-01-15', to: '2026-01-24' });
  });

  it('keeps a chosen resolution only when the meter has it and the range allows it', () => {
    const quarterMeter = resolutionsFor({ resolutionMinutes: 15 }, []);
    expect(quarterMeter).toEqual(['month', 'day', 'hour', 'quarter-hour']);
    expect(resolutionsFor({ resolutionMinutes: 5 }, ['CHART_FIVE_MINUTE'])).toContain('five-minute');
    expect(effectiveResolution('quarter-hour', quarterMeter, '2026-01-01', '2026-01-02')).toBe('quarter-hour');
    expect(effectiveResolution('quarter-hour', quarterMeter, '2026-01-01', '2026-03-31')).toBe('month');
    expect(effectiveResolution('five-minute', quarterMeter, '2026-01-01', '2026-01-01')).toBe('hour');
  });

  it('opens the day, week, month or year the customer is in when the shown period holds today, else the one it starts in', () => {
    const today = '2026-11-19'; // a Thursday
    // From this month (the page's default) to a week: this week, not the one the month began in.
    expect(periodOfKind('week', '2026-11-01', '2026-11-30', today)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(periodOfKind('day', '2026-11-01', '2026-11-30', today)).toEqual({ from: today, to: today });
    expect(periodOfKind('month', '2026-11-16', '2026-11-22', today)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodOfKind('week', '2026-01-01', '2026-12-31', today)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    // A past period: its own first week; a range reaching into the future: today's.
    expect(periodOfKind('week', '2026-03-01', '2026-03-31', today)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(periodOfKind('month', '2026-12-01', '2027-01-31', today)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('labels the axis in the site timezone (spec §9)', () => {
    expect(formatAxisLabel('2026-03-29T22:00:00Z', 'Europe/Helsinki', 'time')).toBe('01:00');
    expect(formatAxisLabel('2026-03-29T22:00:00Z', 'Europe/Riga', 'day')).toBe('30.03');
    expect(formatBucket('2026-10-24T21:00:00Z', 'Europe/Tallinn', 'hour')).toBe('25.10.2026 00:00');
    expect(formatBucket('2026-01-31T22:00:00Z', 'Europe/Helsinki', 'month')).toBe('02.2026');
  });

  it('reads search params defensively', () => {
    expect(
      validateChartSearch({ series: 'voltage', from: '2026-02-31x', to: '2026-01-01', compare: '9', price: 'true', resolution: 'hour' }),
    ).toEqual({
      mp: undefined,
      series: undefined,
      from: undefined,
      to: '2026-01-01',
      resolution: 'hour',
      compare: undefined,
      price: true,
      temperature: undefined,
      hourlyPrice: undefined,
      view: undefined,
    });
    expect(validateChartSearch({ from: '2026-02-01', to: '2026-01-01' })).toMatchObject({ from: '2026-01-01', to: '2026-02-01' });
  });
});

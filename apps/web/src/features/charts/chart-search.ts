import { MAX_RANGE_DAYS, METER_RESOLUTION_MINUTES, resolutionForRange, type ReadingResolution } from '@portal/schema/energy-rules';
import type { SiteFeature } from '@portal/schema/features';
import type { UsagePoint } from '@portal/schema/energy';
import { addDays, addMonths, daysBetween, monthOf, shiftYears, weekOf, yearOf } from '@portal/schema/calendar-dates';

export type { ChartSearch, EnergySeries } from './chart-search-params.ts';
export type PeriodKind = 'day' | 'week' | 'month' | 'year' | 'custom';

/** This month on the site's clock: the page's default period. */
export function defaultPeriod(today: string) {
  return monthOf(today);
}

const periodOf = { week: weekOf, month: monthOf, year: yearOf } as const;

export function periodKindOf(from: string, to: string): PeriodKind {
  if (from === to) return 'day';
  for (const kind of ['week', 'month', 'year'] as const) {
    const period = periodOf[kind](from);
    if (period.from === from && period.to === to) return kind;
  }
  return 'custom';
}

/** The period of a kind that contains `day`; weeks start on Monday (spec §9). */
export function periodAround(kind: Exclude<PeriodKind, 'custom'>, day: string) {
  return kind === 'day' ? { from: day, to: day } : periodOf[kind](day);
}

/**
 * The period of a kind the customer switches to (issue 27): the one today is in when the shown period holds today (so
 * "week" on this month is this week), otherwise the one the shown period starts in; never one in the future.
 */
export function periodOfKind(kind: Exclude<PeriodKind, 'custom'>, from: string, to: string, today: string) {
  const anchor = from > today || to >= today ? today : from;
  return periodAround(kind, anchor);
}

/** The previous (-1) or next (+1) period of the same kind; a custom range moves by its own length. */
export function stepPeriod(from: string, to: string, direction: -1 | 1) {
  const kind = periodKindOf(from, to);
  if (kind === 'custom') {
    const length = daysBetween(from, to) + 1;
    return { from: addDays(from, direction * length), to: addDays(to, direction * length) };
  }
  const anchor =
    kind === 'day'
      ? addDays(from, direction)
      : kind === 'week'
        ? addDays(from, direction * 7)
        : kind === 'month'
          ? addMonths(from, direction)
          : shiftYears(from, direction);
  return periodAround(kind, anchor);
}

/** Resolutions a metering point has data for and the site offers, coarsest first. */
export function resolutionsFor(point: Pick<UsagePoint, 'resolutionMinutes'> | undefined, features: SiteFeature[]): ReadingResolution[] {
  const list: ReadingResolution[] = ['month', 'day', 'hour'];
  const finest = point?.resolutionMinutes ?? 60;
  if (finest <= METER_RESOLUTION_MINUTES['quarter-hour']) list.push('quarter-hour');
  if (finest <= METER_RESOLUTION_MINUTES['five-minute'] && features.includes('CHART_FIVE_MINUTE')) list.push('five-minute');
  return list;
}

export function fitsRange(resolution: ReadingResolution, from: string, to: string): boolean {
  return daysBetween(from, to) + 1 <= MAX_RANGE_DAYS[resolution];
}

/** The resolution asked for when it suits the range, otherwise the range axis rule's (spec §9). */
export function effectiveResolution(
  chosen: ReadingResolution | undefined,
  allowed: ReadingResolution[],
  from: string,
  to: string,
): ReadingResolution {
  if (chosen && allowed.includes(chosen) && fitsRange(chosen, from, to)) return chosen;
  return resolutionForRange(from, to);
}

import { MAX_RANGE_DAYS, METER_RESOLUTION_MINUTES, resolutionForRange, type ReadingResolution } from '@portal/schema/energy-rules';
import type { SiteFeature } from '@portal/schema/features';
import type { UsagePoint } from '@portal/schema/energy';
import { daysApart, endOf, shiftDay, startOf } from '../../shared/format/site-time.ts';

export type { ChartSearch, EnergySeries } from './chart-search-params.ts';
export type PeriodKind = 'day' | 'week' | 'month' | 'year' | 'custom';

/** This month on the site's clock: the page's default period. */
export function defaultPeriod(today: string) {
  return { from: startOf(today, 'month'), to: endOf(today, 'month') };
}

export function periodKindOf(from: string, to: string): PeriodKind {
  if (from === to) return 'day';
  if (from === startOf(from, 'week') && to === endOf(from, 'week')) return 'week';
  if (from === startOf(from, 'month') && to === endOf(from, 'month')) return 'month';
  if (from === startOf(from, 'year') && to === endOf(from, 'year')) return 'year';
  return 'custom';
}

/** The period of a kind that contains `day`. */
export function periodAround(kind: Exclude<PeriodKind, 'custom'>, day: string) {
  if (kind === 'day') return { from: day, to: day };
  return { from: startOf(day, kind), to: endOf(day, kind) };
}

/** The previous (-1) or next (+1) period of the same kind; a custom range moves by its own length. */
export function stepPeriod(from: string, to: string, direction: -1 | 1) {
  const kind = periodKindOf(from, to);
  if (kind === 'custom') {
    const length = daysApart(from, to) + 1;
    return { from: shiftDay(from, direction * length, 'day'), to: shiftDay(to, direction * length, 'day') };
  }
  const unit = kind === 'day' ? 'day' : kind === 'week' ? 'week' : kind;
  const anchor = unit === 'week' ? shiftDay(from, direction * 7, 'day') : shiftDay(from, direction, unit);
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
  return daysApart(from, to) + 1 <= MAX_RANGE_DAYS[resolution];
}

/** The resolution asked for when it suits the range, otherwise the range axis rule's (spec §9). */
export function effectiveResolution(chosen: ReadingResolution | undefined, allowed: ReadingResolution[], from: string, to: string): ReadingResolution {
  if (chosen && allowed.includes(chosen) && fitsRange(chosen, from, to)) return chosen;
  return resolutionForRange(from, to);
}

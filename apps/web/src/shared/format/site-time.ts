import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Rule 4 and spec §9: dates are shown in the site's timezone as DD.MM.YYYY and DD.MM.YYYY HH:mm. */
export const DATE_FORMAT = 'DD.MM.YYYY';
export const DATE_TIME_FORMAT = 'DD.MM.YYYY HH:mm';

export const inSiteTime = (instant: string | number | Date, timezoneName: string) => dayjs(instant).tz(timezoneName);

export function formatDate(instant: string | number | Date, timezoneName: string): string {
  return inSiteTime(instant, timezoneName).format(DATE_FORMAT);
}

export function formatDateTime(instant: string | number | Date, timezoneName: string): string {
  return inSiteTime(instant, timezoneName).format(DATE_TIME_FORMAT);
}

/** A calendar day `YYYY-MM-DD` shown as DD.MM.YYYY, with no timezone arithmetic. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}

/** Today's date (`YYYY-MM-DD`) on the site's clock. */
export function todayIn(timezoneName: string, now: Date = new Date()): string {
  return dayjs(now).tz(timezoneName).format('YYYY-MM-DD');
}

export type AxisScale = 'time' | 'day' | 'month';

/** Spec §9 range axis rule: 0 or 1 day apart shows times, up to 31 days days and months, longer months. */
export function axisScaleFor(from: string, to: string): AxisScale {
  const days = dayjs.utc(to).diff(dayjs.utc(from), 'day');
  if (days <= 1) return 'time';
  if (days <= 31) return 'day';
  return 'month';
}

export function formatAxisLabel(instant: string | number | Date, timezoneName: string, scale: AxisScale): string {
  const local = inSiteTime(instant, timezoneName);
  return local.format(scale === 'time' ? 'HH:mm' : scale === 'day' ? 'DD.MM' : 'MM.YYYY');
}

/** The label of one bucket of a series at its resolution, for tooltips, tables and CSV. */
export function formatBucket(instant: string, timezoneName: string, resolution: string): string {
  const local = inSiteTime(instant, timezoneName);
  if (resolution === 'month') return local.format('MM.YYYY');
  if (resolution === 'day') return local.format(DATE_FORMAT);
  return local.format(DATE_TIME_FORMAT);
}

/** Moves a `YYYY-MM-DD` day by whole days, months or years (calendar arithmetic, no timezone involved). */
export function shiftDay(day: string, amount: number, unit: 'day' | 'month' | 'year'): string {
  return dayjs.utc(day).add(amount, unit).format('YYYY-MM-DD');
}

export function daysApart(from: string, to: string): number {
  return dayjs.utc(to).diff(dayjs.utc(from), 'day');
}

export function startOf(day: string, unit: 'week' | 'month' | 'year'): string {
  if (unit === 'week') {
    // Spec §9: the week starts on Monday.
    const weekday = (dayjs.utc(day).day() + 6) % 7;
    return shiftDay(day, -weekday, 'day');
  }
  return dayjs.utc(day).startOf(unit).format('YYYY-MM-DD');
}

export function endOf(day: string, unit: 'week' | 'month' | 'year'): string {
  if (unit === 'week') return shiftDay(startOf(day, 'week'), 6, 'day');
  return dayjs.utc(day).endOf(unit).format('YYYY-MM-DD');
}

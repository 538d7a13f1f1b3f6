import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Instants shown on the site's clock (rule 4, spec §9: DD.MM.YYYY and DD.MM.YYYY HH:mm). Calendar days without a
 * time of day (due dates, chart periods) are `@portal/schema/calendar-dates`' business, not this file's.
 */
export const DATE_FORMAT = 'DD.MM.YYYY';
export const DATE_TIME_FORMAT = 'DD.MM.YYYY HH:mm';

export const inSiteTime = (instant: string | number | Date, timezoneName: string) => dayjs(instant).tz(timezoneName);

export function formatDateTime(instant: string | number | Date, timezoneName: string): string {
  return inSiteTime(instant, timezoneName).format(DATE_TIME_FORMAT);
}

export type AxisScale = 'time' | 'day' | 'month';

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

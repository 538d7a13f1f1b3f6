import { isCalendarDate } from '@portal/schema/calendar-dates';
import { READING_RESOLUTIONS, type ReadingResolution } from '@portal/schema/energy-rules';

/*
 * The route's search validation runs on the first load (TanStack Router keeps it out of the lazy route chunk),
 * so this file stays tiny: no dates or validation library, no UI.
 */
export type EnergySeries = 'consumption' | 'production' | 'netted';

/** The /charts page's state, kept in the URL so a view can be bookmarked and shared (typed search params). */
export type ChartSearch = {
  mp?: string;
  series?: EnergySeries;
  from?: string;
  to?: string;
  resolution?: ReadingResolution;
  compare?: number;
  price?: boolean;
  temperature?: boolean;
  hourlyPrice?: boolean;
  view?: 'chart' | 'table';
};

const validDay = (value: unknown): string | undefined => (typeof value === 'string' && isCalendarDate(value) ? value : undefined);
const flag = (value: unknown) => (value === true || value === 'true' || value === 1 || value === '1' ? true : undefined);

export function validateChartSearch(raw: Record<string, unknown>): ChartSearch {
  const series = ['consumption', 'production', 'netted'].includes(raw.series as string) ? (raw.series as EnergySeries) : undefined;
  const resolution = READING_RESOLUTIONS.includes(raw.resolution as ReadingResolution) ? (raw.resolution as ReadingResolution) : undefined;
  const compare = Number(raw.compare);
  let from = validDay(raw.from);
  let to = validDay(raw.to);
  if (from && to && from > to) [from, to] = [to, from];
  return {
    mp: typeof raw.mp === 'string' && raw.mp.length <= 100 ? raw.mp : undefined,
    series,
    from,
    to,
    resolution,
    compare: Number.isInteger(compare) && compare >= 1 && compare <= 3 ? compare : undefined,
    price: flag(raw.price),
    temperature: flag(raw.temperature),
    hourlyPrice: flag(raw.hourlyPrice),
    view: raw.view === 'table' ? 'table' : undefined,
  };
}

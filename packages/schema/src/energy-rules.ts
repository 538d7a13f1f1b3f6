/**
 * Zod-free rules of spec §9 shared by server and web (the web's first load carries no zod): resolutions,
 * range limits and the range axis rule.
 */
import { daysBetween } from './calendar-dates.ts';

export const READING_RESOLUTIONS = ['five-minute', 'quarter-hour', 'hour', 'day', 'month'] as const;
export type ReadingResolution = (typeof READING_RESOLUTIONS)[number];

/** Interval length of the resolutions a meter reports (spec §9: 60, 15 and 5 minutes). */
export const METER_RESOLUTION_MINUTES = { hour: 60, 'quarter-hour': 15, 'five-minute': 5 } as const;

/** Longest range, in days, each resolution may be asked for: keeps one answer below ~3 000 points. */
export const MAX_RANGE_DAYS: Record<ReadingResolution, number> = {
  'five-minute': 7,
  'quarter-hour': 31,
  hour: 124,
  day: 1_100,
  month: 3_660,
};

/**
 * Spec §9 range axis rule, also used to pick a resolution when a call names none: 0 or 1 day apart
 * shows hours, up to 31 days shows days, longer shows months.
 */
export function resolutionForRange(from: string, to: string): 'hour' | 'day' | 'month' {
  const days = daysBetween(from, to);
  if (days <= 1) return 'hour';
  if (days <= 31) return 'day';
  return 'month';
}

import type { OutageNotificationTiming } from '@portal/schema/enums';
import type { OutageNoticeStatus } from '@portal/schema/outages';
import { addDays, instantAt, localDate, localHour } from '@portal/schema/calendar-dates';

/** Night hours on the site's clock (schema outage-contacts.ts): from 22:00 to 07:00. */
export const NIGHT_STARTS_AT_HOUR = 22;
export const NIGHT_ENDS_AT_HOUR = 7;

export const isNight = (at: Date, timezone: string) => {
  const hour = localHour(at, timezone);
  return hour >= NIGHT_STARTS_AT_HOUR || hour < NIGHT_ENDS_AT_HOUR;
};

/** The end of the night `at` falls in: 07:00 of the same local day before 07:00, of the next one from 22:00. */
export function morningAfter(at: Date, timezone: string): Date {
  const day = localDate(at, timezone);
  return instantAt(localHour(at, timezone) >= NIGHT_STARTS_AT_HOUR ? addDays(day, 1) : day, NIGHT_ENDS_AT_HOUR, timezone);
}

export type NoticePlan = { status: Extract<OutageNoticeStatus, 'waiting' | 'skipped-night'>; sendAt: Date };

/**
 * When a notice of an outage that started at `startedAt` goes out by the contact's timing (spec §3): Always at once;
 * NoNightHours at once by day and never at night; SendAfterNightHours at once by day and at 07:00 after a night.
 */
export function planNotice(timing: OutageNotificationTiming, startedAt: Date, timezone: string): NoticePlan {
  if (timing === 'Always' || !isNight(startedAt, timezone)) return { status: 'waiting', sendAt: startedAt };
  if (timing === 'NoNightHours') return { status: 'skipped-night', sendAt: startedAt };
  return { status: 'waiting', sendAt: morningAfter(startedAt, timezone) };
}

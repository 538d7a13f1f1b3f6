import type { OutageNotificationTiming } from '@portal/schema/enums';
import type { OutageNoticeStatus } from '@portal/schema/outages';
import { addDays, localDate, localHour } from '@portal/schema/calendar-dates';

/** Night hours on the site's clock (schema outage-contacts.ts): from 22:00 to 07:00. */
export const NIGHT_STARTS_AT_HOUR = 22;
export const NIGHT_ENDS_AT_HOUR = 7;

export const isNight = (at: Date, timezone: string) => {
  const hour = localHour(at, timezone);
  return hour >= NIGHT_STARTS_AT_HOUR || hour < NIGHT_ENDS_AT_HOUR;
};

const wallClock = new Map<string, Intl.DateTimeFormat>();

/** Milliseconds the timezone's clock is ahead of UTC at `at`. */
function offsetAt(at: Date, timezone: string): number {
  let format = wallClock.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClock.set(timezone, format);
  }
  const part = (type: string) => Number(format.formatToParts(at).find((item) => item.type === type)?.value);
  const local = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return local - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant the site's clock shows `hour`:00 on `day`; read twice, so a daylight saving change between is right. */
export function instantAt(day: string, hour: number, timezone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, date, hour);
  const first = asUtc - offsetAt(new Date(asUtc), timezone);
  return new Date(asUtc - offsetAt(new Date(first), timezone));
}

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

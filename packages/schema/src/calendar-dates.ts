/**
 * Calendar dates as `YYYY-MM-DD` strings, shared by server and web: they compare as strings and never carry a
 * time of day. Instants stay in UTC; "today" and "which day" are read on the site's clock (rule 4). Zod- and
 * library-free so the web's first load can use it.
 */

/** Spec §9: the largest date any picker or rule accepts. */
export const MAX_DATE = '9999-12-31';

/** Spec §9: weeks start on Monday (0 = Monday in `weekdayOf`). */
export const FIRST_DAY_OF_WEEK = 1;

const parts = (date: string) => date.split('-').map(Number) as [number, number, number];
const format = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const fromUtc = (value: Date) => format(value.getUTCFullYear(), value.getUTCMonth() + 1, value.getUTCDate());

/** The calendar day an instant falls on in a timezone. */
export function localDate(at: Date, timezone: string): string {
  return formatterOf(dateFormats, timezone, { year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA').format(at);
}

/** The hour (0–23) an instant falls on in a timezone. */
export function localHour(at: Date, timezone: string): number {
  return Number(formatterOf(hourFormats, timezone, { hour: '2-digit', hourCycle: 'h23' }, 'en-GB').format(at));
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** The site's wall clock at an instant, to the minute. */
function wallClock(at: Date, timezone: string) {
  const format = formatterOf(
    wallClockFormats,
    timezone,
    { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
    'en-GB',
  );
  const part = (type: string, parts: Intl.DateTimeFormatPart[]) => parts.find((item) => item.type === type)?.value ?? '';
  const parts = format.formatToParts(at);
  return {
    year: part('year', parts),
    month: part('month', parts),
    day: part('day', parts),
    hour: part('hour', parts),
    minute: part('minute', parts),
    second: part('second', parts),
  };
}

/** Spec §9: an instant as DD.MM.YYYY HH:mm on the site's clock (texts the server writes: notices, mails). */
export function formatLocalDateTime(at: Date, timezone: string): string {
  const clock = wallClock(at, timezone);
  return `${clock.day}.${clock.month}.${clock.year} ${clock.hour}:${clock.minute}`;
}

/** Milliseconds the timezone's clock is ahead of UTC at `at`. */
function offsetAt(at: Date, timezone: string): number {
  const clock = wallClock(at, timezone);
  const local = Date.UTC(+clock.year, +clock.month - 1, +clock.day, +clock.hour, +clock.minute, +clock.second);
  return local - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant the site's clock shows `hour`:00 on `day`; read twice, so a daylight saving change between is right. */
export function instantAt(day: string, hour: number, timezone: string): Date {
  const [year, month, date] = parts(day);
  const asUtc = Date.UTC(year, month - 1, date, hour);
  const first = asUtc - offsetAt(new Date(asUtc), timezone);
  return new Date(asUtc - offsetAt(new Date(first), timezone));
}

/** A time on a site's wall clock, to the minute: `YYYY-MM-DD HH:mm` (what an administrator picks for a period). */
export function isWallClockTime(value: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return match !== null && isCalendarDate(match[1]!);
}

/** The instant the site's clock shows `YYYY-MM-DD HH:mm`; read twice, so a daylight saving change between is right. */
export function instantOfWallClock(value: string, timezone: string): Date {
  const [day = '', time = ''] = value.split(' ');
  const [year, month, date] = parts(day);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  const asUtc = Date.UTC(year, month - 1, date, hour, minute);
  const first = asUtc - offsetAt(new Date(asUtc), timezone);
  return new Date(asUtc - offsetAt(new Date(first), timezone));
}

/** An instant as `YYYY-MM-DD HH:mm` on the site's clock: the inverse of `instantOfWallClock`. */
export function wallClockOf(at: Date, timezone: string): string {
  const clock = wallClock(at, timezone);
  return `${clock.year}-${clock.month}-${clock.day} ${clock.hour}:${clock.minute}`;
}

/**
 * Making an Intl.DateTimeFormat costs far more than using one (a tenth of a signed-in request's time in the bench,
 * docs/decisions/080): one per timezone is kept and reused.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const hourFormats = new Map<string, Intl.DateTimeFormat>();

function formatterOf(
  kept: Map<string, Intl.DateTimeFormat>,
  timezone: string,
  options: Intl.DateTimeFormatOptions,
  locale: string,
): Intl.DateTimeFormat {
  let format = kept.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: timezone });
    kept.set(timezone, format);
  }
  return format;
}

const todays = new Map<string, { minute: number; date: string }>();

/**
 * Today in a timezone: a due date passes at midnight where the site is, not in UTC. Every zone's midnight falls on
 * a whole UTC minute, so the day is worked out once a minute per zone (every signed-in request asks it).
 */
export function todayIn(timezone: string, now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  const kept = todays.get(timezone);
  if (kept?.minute === minute) return kept.date;
  const date = localDate(now, timezone);
  todays.set(timezone, { minute, date });
  return date;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = parts(date);
  return fromUtc(new Date(Date.UTC(year, month - 1, day + days)));
}

/** The same day of the month `months` months later (or earlier); the 31st becomes the month's last day. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = parts(date);
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const targetYear = first.getUTCFullYear();
  const targetMonth = first.getUTCMonth() + 1;
  return format(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)));
}

/** The same calendar day N years earlier (negative) or later; 29 February becomes the 28th in common years. */
export function shiftYears(date: string, years: number): string {
  return addMonths(date, years * 12);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const maxDate = (a: string, b: string) => (a > b ? a : b);
export const minDate = (a: string, b: string) => (a < b ? a : b);

/** First day of the month `offset` months from the month of `date`. */
export function monthStart(date: string, offset = 0): string {
  const [year, month] = parts(date);
  return fromUtc(new Date(Date.UTC(year, month - 1 + offset, 1)));
}

export function monthEnd(date: string): string {
  return addDays(monthStart(date, 1), -1);
}

export function monthOf(date: string): { from: string; to: string } {
  return { from: monthStart(date), to: monthEnd(date) };
}

export function yearOf(date: string): { from: string; to: string } {
  const [year] = parts(date);
  return { from: format(year, 1, 1), to: format(year, 12, 31) };
}

/** Day of the week with Monday as 0 (spec §9). */
export function weekdayOf(date: string): number {
  const [year, month, day] = parts(date);
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

export function weekOf(date: string): { from: string; to: string } {
  const from = addDays(date, -weekdayOf(date));
  return { from, to: addDays(from, 6) };
}

/** Spec §9: a calendar day shown as DD.MM.YYYY, whatever the language. */
export function formatDay(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
}

/** A real `YYYY-MM-DD` day between 0001-01-01 and MAX_DATE (rejects 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < '0001-01-01' || value > MAX_DATE) return false;
  const [year, month, day] = parts(value);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

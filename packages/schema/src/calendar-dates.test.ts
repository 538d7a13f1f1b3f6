import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysBetween,
  formatDay,
  formatLocalDateTime,
  instantAt,
  instantOfWallClock,
  isCalendarDate,
  isWallClockTime,
  monthEnd,
  monthStart,
  shiftYears,
  todayIn,
  wallClockOf,
  weekOf,
  weekdayOf,
} from './calendar-dates.ts';

describe('calendar dates', () => {
  it('reads today on the site clock, not in UTC', () => {
    const lateEvening = new Date('2026-03-31T21:30:00Z');
    expect(todayIn('Europe/Helsinki', lateEvening)).toBe('2026-04-01');
    expect(todayIn('UTC', lateEvening)).toBe('2026-03-31');
  });

  it('turns to the new day at the site’s midnight, asked a minute before and the minute of it', () => {
    // Helsinki's midnight of 1 April 2026 is 21:00 UTC (summer time); the day is kept for a minute at most.
    expect(todayIn('Europe/Helsinki', new Date('2026-03-31T20:59:59.999Z'))).toBe('2026-03-31');
    expect(todayIn('Europe/Helsinki', new Date('2026-03-31T21:00:00.000Z'))).toBe('2026-04-01');
    expect(todayIn('Asia/Kolkata', new Date('2026-03-31T18:29:59.999Z'))).toBe('2026-03-31');
    expect(todayIn('Asia/Kolkata', new Date('2026-03-31T18:30:00.000Z'))).toBe('2026-04-01');
    // Asked again for an earlier instant after a later one, it still answers that instant's day.
    expect(todayIn('Europe/Helsinki', new Date('2026-03-31T20:59:00.000Z'))).toBe('2026-03-31');
  });

  it('adds days and months across month ends and leap days', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-03-15', -3)).toBe('2025-12-15');
    expect(shiftYears('2028-02-29', -1)).toBe('2027-02-28');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });

  it('gives months and Monday-first weeks', () => {
    expect(monthStart('2026-11-23')).toBe('2026-11-01');
    expect(monthStart('2026-11-23', 2)).toBe('2027-01-01');
    expect(monthEnd('2026-02-10')).toBe('2026-02-28');
    expect(weekdayOf('2026-11-23')).toBe(0);
    expect(weekOf('2026-11-29')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });

  it('formats DD.MM.YYYY and tells real days from impossible ones', () => {
    expect(formatDay('2026-11-01')).toBe('01.11.2026');
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('9999-12-31')).toBe(true);
    expect(isCalendarDate('2026-1-01')).toBe(false);
  });

  it('shows instants as DD.MM.YYYY HH:mm on the site clock and finds the instant of a local hour across DST', () => {
    expect(formatLocalDateTime(new Date('2026-03-29T00:30:00Z'), 'Europe/Helsinki')).toBe('29.03.2026 02:30');
    expect(formatLocalDateTime(new Date('2026-03-29T01:30:00Z'), 'Europe/Helsinki')).toBe('29.03.2026 04:30');
    expect(formatLocalDateTime(new Date('2026-12-31T22:00:00Z'), 'Europe/Riga')).toBe('01.01.2027 00:00');
    expect(instantAt('2026-03-29', 7, 'Europe/Helsinki')).toEqual(new Date('2026-03-29T04:00:00Z'));
    expect(instantAt('2026-10-25', 7, 'Europe/Tallinn')).toEqual(new Date('2026-10-25T05:00:00Z'));
  });

  it('reads a wall-clock time YYYY-MM-DD HH:mm on the site clock and back, across DST', () => {
    expect(isWallClockTime('2026-11-28 09:45')).toBe(true);
    for (const bad of ['2026-11-28T09:45', '2026-11-28 24:00', '2026-02-30 10:00', '28.11.2026 09:45', '2026-11-28 9:45']) {
      expect(isWallClockTime(bad), bad).toBe(false);
    }
    expect(instantOfWallClock('2026-01-01 00:00', 'Europe/Helsinki')).toEqual(new Date('2025-12-31T22:00:00Z'));
    expect(instantOfWallClock('2026-06-01 00:00', 'Europe/Helsinki')).toEqual(new Date('2026-05-31T21:00:00Z'));
    // The morning after the spring change: already summer time.
    expect(instantOfWallClock('2026-03-29 07:30', 'Europe/Riga')).toEqual(new Date('2026-03-29T04:30:00Z'));
    expect(wallClockOf(new Date('2026-05-31T21:00:00Z'), 'Europe/Helsinki')).toBe('2026-06-01 00:00');
    expect(wallClockOf(instantOfWallClock('2026-10-25 12:15', 'Europe/Tallinn'), 'Europe/Tallinn')).toBe('2026-10-25 12:15');
  });
});

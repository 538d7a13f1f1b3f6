import { describe, expect, it } from 'vitest';
import { instantAt } from '@portal/schema/calendar-dates';
import { isNight, morningAfter, planNotice } from './notice-timing.ts';

const HELSINKI = 'Europe/Helsinki';
const at = (iso: string) => new Date(iso);

describe('outage notice timing on the site clock', () => {
  it('reads night hours from 22:00 to 07:00 in the site time zone, not in UTC', () => {
    // 21:30 UTC in January is 23:30 in Helsinki (UTC+2) and 21:30 in Reykjavik (UTC+0).
    expect(isNight(at('2026-01-15T21:30:00Z'), HELSINKI)).toBe(true);
    expect(isNight(at('2026-01-15T21:30:00Z'), 'Atlantic/Reykjavik')).toBe(false);
    // 06:59 and 07:00 in Helsinki; 21:59 and 22:00.
    expect(isNight(at('2026-01-15T04:59:00Z'), HELSINKI)).toBe(true);
    expect(isNight(at('2026-01-15T05:00:00Z'), HELSINKI)).toBe(false);
    expect(isNight(at('2026-01-15T19:59:00Z'), HELSINKI)).toBe(false);
    expect(isNight(at('2026-01-15T20:00:00Z'), HELSINKI)).toBe(true);
  });

  it('sends Always at once, by day and at night', () => {
    for (const instant of ['2026-01-15T10:00:00Z', '2026-01-15T23:00:00Z']) {
      expect(planNotice('Always', at(instant), HELSINKI)).toEqual({ status: 'waiting', sendAt: at(instant) });
    }
  });

  it('sends NoNightHours at once by day and never for an outage that starts at night', () => {
    expect(planNotice('NoNightHours', at('2026-01-15T10:00:00Z'), HELSINKI)).toEqual({
      status: 'waiting',
      sendAt: at('2026-01-15T10:00:00Z'),
    });
    expect(planNotice('NoNightHours', at('2026-01-15T21:30:00Z'), HELSINKI).status).toBe('skipped-night');
    expect(planNotice('NoNightHours', at('2026-01-16T03:00:00Z'), HELSINKI).status).toBe('skipped-night');
  });

  it('holds SendAfterNightHours until 07:00 on the site clock: the next morning before midnight, the same one after', () => {
    expect(planNotice('SendAfterNightHours', at('2026-01-15T12:00:00Z'), HELSINKI)).toEqual({
      status: 'waiting',
      sendAt: at('2026-01-15T12:00:00Z'),
    });
    // 23:30 on the 15th in Helsinki: 07:00 on the 16th (05:00 UTC).
    expect(planNotice('SendAfterNightHours', at('2026-01-15T21:30:00Z'), HELSINKI)).toEqual({
      status: 'waiting',
      sendAt: at('2026-01-16T05:00:00Z'),
    });
    // 02:00 on the 16th in Helsinki: 07:00 the same day.
    expect(planNotice('SendAfterNightHours', at('2026-01-16T00:00:00Z'), HELSINKI).sendAt).toEqual(at('2026-01-16T05:00:00Z'));
    // In Riga and Reykjavik the same instant falls in other hours.
    expect(planNotice('SendAfterNightHours', at('2026-01-15T21:30:00Z'), 'Atlantic/Reykjavik').sendAt).toEqual(at('2026-01-15T21:30:00Z'));
  });

  it('finds 07:00 across a daylight saving change', () => {
    // Helsinki moves to summer time at 03:00 on 29 March 2026: 07:00 that morning is 04:00 UTC, not 05:00.
    expect(morningAfter(at('2026-03-28T23:00:00Z'), HELSINKI)).toEqual(at('2026-03-29T04:00:00Z'));
    // And back on 25 October 2026: 07:00 is 05:00 UTC again.
    expect(morningAfter(at('2026-10-24T21:00:00Z'), HELSINKI)).toEqual(at('2026-10-25T05:00:00Z'));
    expect(instantAt('2026-07-01', 7, 'Europe/Riga')).toEqual(at('2026-07-01T04:00:00Z'));
  });
});

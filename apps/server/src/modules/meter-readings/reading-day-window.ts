import { addDays, maxDate } from '@portal/schema/calendar-dates';
import { READ_ON_MAX_DAYS_BACK } from '@portal/schema/meter-readings';

/**
 * The days a customer reading may be given for (docs/decisions/130): today on the site's clock, back to one billing
 * period (READ_ON_MAX_DAYS_BACK days), but never before the utility's last measured reading, which settles the
 * consumption up to its day. The day of that reading itself stays open: the utility reads on the 1st, and a
 * customer reading that day is judged after it, as one typed today always was.
 */
export function entryWindow(today: string, lastMeasuredOn: string | null): { from: string; to: string } {
  const back = addDays(today, -READ_ON_MAX_DAYS_BACK);
  return { from: lastMeasuredOn ? maxDate(back, lastMeasuredOn) : back, to: today };
}

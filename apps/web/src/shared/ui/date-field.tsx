import '@mantine/dates/styles.layer.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { FIRST_DAY_OF_WEEK, formatDay, isCalendarDate, MAX_DATE, minDate } from '@portal/schema/calendar-dates';
import type { BundleLocaleId } from '@portal/schema/locale-ids';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateLocaleOf } from '../format/date-locale.ts';
import '../format/date-locales.ts';
import classes from './date-field.module.css';

type Props = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'firstDayOfWeek' | 'locale' | 'maxDate'> & {
  /** A calendar day `YYYY-MM-DD`, or null while empty. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  minDate?: string;
  maxDate?: string;
};

/** "1.11.2026", "01.11.2026" or "2026-11-01" typed by hand, as the day it names; anything else is no day. */
export function parseTypedDay(text: string): string | null {
  const dotted = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/.exec(text);
  const day = dotted ? `${dotted[3]}-${dotted[2]!.padStart(2, '0')}-${dotted[1]!.padStart(2, '0')}` : text.trim();
  return isCalendarDate(day) ? day : null;
}

/**
 * Every date input of the portal (spec §9): typed or picked as DD.MM.YYYY, weeks from Monday, nothing after
 * 9999-12-31, month and day names in the reader's language.
 *
 * A real day typed outside the field's window (minDate–maxDate) is not taken, but neither is it wiped when the field
 * is left: Mantine would put back the last day taken (often none), and the form would then ask for a day as if none
 * had been typed. The typed text stays, the field holds no day, and it says which days it takes.
 */
export function DateField({ minDate: earliest, maxDate: latest, onChange, error, ...props }: Props) {
  const { t, i18n } = useTranslation();
  const last = latest ? minDate(latest, MAX_DATE) : MAX_DATE;
  const [outside, setOutside] = useState(false);
  const parse = (text: string) => {
    const day = parseTypedDay(text);
    const isOutside = day !== null && ((earliest !== undefined && day < earliest) || day > last);
    setOutside(isOutside);
    // The day taken before must not stay behind a text that now names another.
    if (isOutside && props.value) onChange?.(null);
    return day;
  };
  const windowText = () => {
    if (earliest && latest) return t('date-field.outside-between', { first: formatDay(earliest), last: formatDay(last) });
    if (earliest) return t('date-field.outside-from', { first: formatDay(earliest) });
    return t('date-field.outside-until', { last: formatDay(last) });
  };
  return (
    <DateInput
      valueFormat="DD.MM.YYYY"
      dateParser={parse}
      fixOnBlur={!outside}
      error={outside ? windowText() : error}
      onChange={(value) => {
        setOutside(false);
        onChange?.(value);
      }}
      placeholder={t('date-field.placeholder')}
      firstDayOfWeek={FIRST_DAY_OF_WEEK}
      locale={dateLocaleOf(i18n.language as BundleLocaleId)}
      minDate={earliest}
      maxDate={last}
      ariaLabels={{
        previousMonth: t('date-field.previous-month'),
        nextMonth: t('date-field.next-month'),
        previousYear: t('date-field.previous-year'),
        nextYear: t('date-field.next-year'),
        previousDecade: t('date-field.previous-decade'),
        nextDecade: t('date-field.next-decade'),
      }}
      classNames={{ day: classes.day }}
      {...props}
    />
  );
}

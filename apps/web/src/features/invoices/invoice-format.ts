import { useTranslation } from 'react-i18next';
import { useSite } from '../../shared/site/site-context.tsx';

/** Spec §9: DD.MM.YYYY. Invoice dates are calendar dates already in the site's timezone. */
export const formatCalendarDate = (isoDate: string) => `${isoDate.slice(8, 10)}.${isoDate.slice(5, 7)}.${isoDate.slice(0, 4)}`;

/** Money and dates as the person's language and the site's timezone write them. */
export function useInvoiceFormat() {
  const { i18n } = useTranslation();
  const site = useSite();
  const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR' });
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const number = (fractionDigits: number) => new Intl.NumberFormat(i18n.language, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
  const dayOf = new Intl.DateTimeFormat('en-CA', { timeZone: site.timezone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return {
    /** Cents to "154,93 €" / "€154.93"; cents / 100 is exact for any invoice amount. */
    money: (cents: number) => money.format(cents / 100),
    date: formatCalendarDate,
    /** An instant (paidAt) as its calendar day in the site's timezone. */
    dayOfInstant: (iso: string) => formatCalendarDate(dayOf.format(new Date(iso))),
    vatRate: (permille: number) => percent.format(permille / 1000),
    decimal: (value: string, fractionDigits: number) => number(fractionDigits).format(Number(value)),
  };
}

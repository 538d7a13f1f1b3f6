import { formatDay, localDate } from '@portal/schema/calendar-dates';
import { useTranslation } from 'react-i18next';
import { formatCents } from '../../shared/format/energy-format.ts';
import { useSite } from '../../shared/site/site-context.tsx';

/** Money and dates as the person's language and the site's timezone write them. */
export function useInvoiceFormat() {
  const { i18n } = useTranslation();
  const site = useSite();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  const number = (fractionDigits: number) =>
    new Intl.NumberFormat(i18n.language, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits });
  return {
    /** Cents to "154,93 €" / "€154.93"; cents / 100 is exact for any invoice amount. */
    money: (cents: number) => formatCents(cents, i18n.language),
    /** A change of money with its sign: "+€18.40", "−€6.10". */
    moneyChange: (cents: number) => formatCents(cents, i18n.language, { signed: true }),
    /** Invoice dates are calendar days already in the site's timezone (spec §9: DD.MM.YYYY). */
    date: formatDay,
    /** An instant (paidAt) as its calendar day in the site's timezone. */
    dayOfInstant: (iso: string) => formatDay(localDate(new Date(iso), site.timezone)),
    vatRate: (permille: number) => percent.format(permille / 1000),
    decimal: (value: string, fractionDigits: number) => number(fractionDigits).format(Number(value)),
  };
}

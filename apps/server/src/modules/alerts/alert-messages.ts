import { bundleFor } from '@portal/locales/bundles';
import { formatDay, formatLocalDateTime } from '@portal/schema/calendar-dates';
import type { LocaleId } from '@portal/schema/locale-ids';
import type { NotificationSubjectCode } from '@portal/schema/settings';
import { formatUnit } from '@portal/schema/units';
import { formatMoney } from '../../platform/document-texts.ts';

export type AlertMessage = { title: string; body: string; url: string };

/** What an alert says, decided from the facts and the setting's threshold. */
export type AlertFacts =
  | { subject: 'SPOT_PRICE'; day: string; direction: 'above' | 'below'; limit: number; hours: string[]; extreme: number }
  | { subject: 'DAILY_CONSUMPTION'; day: string; direction: 'above' | 'below'; limit: number; kwh: number }
  | { subject: 'INVOICE_DUE'; invoiceNumber: string; dueDate: string; totalCents: number; currency: string }
  | { subject: 'METER_READING'; month: string }
  | {
      subject: 'POWER_PEAK';
      /** The hour just ended (its rollup) or the running hour (projected from live readings). */
      source: 'hour' | 'live';
      gsrn: string;
      hourStart: string;
      timezone: string;
      /** The hour's 60-minute average, kW with three decimals. */
      kw: string;
      peakKw: string;
      peakAt: string | null;
      /** The peak so far or the threshold, whichever is higher: above it the month's charge grows. */
      limitKw: string;
      /** The power charge's price, c/kW a month, VAT excluded. */
      priceCents: string;
      /** What the month's power charge grows by at `kw`, VAT included. */
      raiseCents: number;
    };

/** The page a message leads to, where the customer sees what it is about (outages, support replies and connection requests write their own). */
const PAGES: Record<Exclude<NotificationSubjectCode, 'OUTAGE' | 'SUPPORT_REPLY' | 'CONNECTION_REQUEST'>, string> = {
  SPOT_PRICE: '/dashboard',
  DAILY_CONSUMPTION: '/charts',
  INVOICE_DUE: '/invoices',
  // The readings card sits under the chart of a hand-read point (docs/decisions/112).
  METER_READING: '/charts',
  // The dashboard's card shows the month's power peak (decision 119).
  POWER_PEAK: '/dashboard',
};

/** The alert in the customer's language (texts `settings.alert.*` of the web bundle, so translators see them). */
export function alertMessage(facts: AlertFacts, locale: LocaleId, companyName: string): AlertMessage {
  const texts = bundleFor('web', locale);
  const price = (value: number) => formatUnit(value, 'c/kWh', locale, { min: 2, max: 2 });
  const energy = (value: number) => formatUnit(value, 'kWh', locale, { min: 1, max: 1 });
  const fill = (key: string, values: Record<string, string>) =>
    Object.entries({ ...values, company: companyName }).reduce(
      (text, [name, value]) => text.replaceAll(`{${name}}`, value),
      texts[key] ?? key,
    );
  switch (facts.subject) {
    case 'SPOT_PRICE':
      return {
        title: fill('settings.alert.SPOT_PRICE.title', {}),
        body: fill(`settings.alert.SPOT_PRICE.${facts.direction}`, {
          date: formatDay(facts.day),
          limit: price(facts.limit),
          hours: facts.hours.join(', '),
          extreme: price(facts.extreme),
        }),
        url: PAGES.SPOT_PRICE,
      };
    case 'DAILY_CONSUMPTION':
      return {
        title: fill('settings.alert.DAILY_CONSUMPTION.title', {}),
        body: fill(`settings.alert.DAILY_CONSUMPTION.${facts.direction}`, {
          date: formatDay(facts.day),
          limit: energy(facts.limit),
          kwh: energy(facts.kwh),
        }),
        url: PAGES.DAILY_CONSUMPTION,
      };
    case 'INVOICE_DUE':
      return {
        title: fill('settings.alert.INVOICE_DUE.title', {}),
        body: fill('settings.alert.INVOICE_DUE.body', {
          number: facts.invoiceNumber,
          date: formatDay(facts.dueDate),
          amount: formatMoney(facts.totalCents, locale),
        }),
        url: PAGES.INVOICE_DUE,
      };
    case 'METER_READING':
      return {
        title: fill('settings.alert.METER_READING.title', {}),
        body: fill('settings.alert.METER_READING.body', {
          month: new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
            new Date(`${facts.month}-01T00:00:00Z`),
          ),
        }),
        url: PAGES.METER_READING,
      };
    case 'POWER_PEAK': {
      const kw = (value: string) => formatUnit(value, 'kW', locale, { min: 1, max: 3 });
      const at = (iso: string) => formatLocalDateTime(new Date(iso), facts.timezone);
      const parts = [
        fill(`settings.alert.POWER_PEAK.${facts.source}`, { point: facts.gsrn, hour: at(facts.hourStart), kw: kw(facts.kw) }),
        facts.peakAt
          ? fill('settings.alert.POWER_PEAK.peak', { peak: kw(facts.peakKw), time: at(facts.peakAt) })
          : fill('settings.alert.POWER_PEAK.no-peak', {}),
        fill('settings.alert.POWER_PEAK.limit', { limit: kw(facts.limitKw) }),
        facts.raiseCents > 0
          ? fill('settings.alert.POWER_PEAK.cost', {
              kw: kw(facts.kw),
              amount: formatMoney(facts.raiseCents, locale),
              price: formatMoney(Number(facts.priceCents), locale),
            })
          : fill('settings.alert.POWER_PEAK.no-cost', { limit: kw(facts.limitKw) }),
      ];
      return { title: fill('settings.alert.POWER_PEAK.title', {}), body: parts.join(' '), url: PAGES.POWER_PEAK };
    }
  }
}

/** GSM sender names are at most 11 letters and digits: the company's first word, as customers know it. */
export function smsSenderOf(companyName: string): string {
  const word =
    companyName
      .normalize('NFD')
      .replace(/[^A-Za-z0-9 ]/g, '')
      .trim()
      .split(/\s+/)[0] ?? '';
  return (word || 'Portal').slice(0, 11);
}

import { WEB_BUNDLES } from '@portal/locales/bundles';
import type { LocaleId } from '@portal/schema/locale-ids';

/**
 * Texts of what the server writes for people (invoice and contract PDFs, CSV, mail, the simulators' pages) come
 * from the same bundles the web shows, so a document reads the same on screen and on paper. Placeholders are
 * plain `{name}` arguments; a missing key falls back to English, then to the key.
 */
export function documentTexts(locale: LocaleId) {
  const bundle = WEB_BUNDLES[locale];
  const fallback = WEB_BUNDLES['en-GB'];
  return (key: string, values: Record<string, string> = {}): string => {
    const message = bundle[key] ?? fallback[key] ?? key;
    return message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
  };
}
export type DocumentTexts = ReturnType<typeof documentTexts>;

/** Integer euro cents (the only currency, CURRENCIES) as the locale writes an amount: "154,93 €", "€154.93". */
export function formatMoney(cents: number, locale: LocaleId): string {
  // Cents / 100 is exact for any invoice amount (well below 2^53); formatting only.
  // eslint-disable-next-line no-restricted-syntax -- the server's one euro formatter the rule points to
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

export function formatDecimal(value: string, locale: LocaleId, fractionDigits: number): string {
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const sign = value.startsWith('-') ? '-' : '';
  const group = new Intl.NumberFormat(locale, { useGrouping: true }).format(Number(whole));
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  const digits = fraction.padEnd(fractionDigits, '0').slice(0, fractionDigits);
  return fractionDigits > 0 ? `${sign}${group}${decimal}${digits}` : `${sign}${group}`;
}

/** VAT rate per mille as a percentage: 255 → "25,5 %" in Finnish. */
export function formatVatRate(permille: number, locale: LocaleId): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(permille / 1000);
}

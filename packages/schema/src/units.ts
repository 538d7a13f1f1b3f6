import { LOCALE_MAP, type LocaleId } from './locale-ids.ts';

/**
 * The units energy and its price are written in, one per locale (issue 27; docs/decisions/108), and the one formatter
 * of amounts in them, for every place a person reads one: the dashboard, charts, tables and CSV headers, signing,
 * alerts and the server's PDFs. Finnish writes cents "snt", Estonian "s" (sent), Russian "ц" with "кВт·ч", as the
 * utilities of each language print them on their price lists. Zod- and library-free: the web's first load uses it.
 */
export type EnergyUnit = 'kWh' | 'c/kWh' | 'kW';

/** kW is power: the power charge's peak hour and threshold (decision 119). */
const UNITS: Record<LocaleId, Record<EnergyUnit, string>> = {
  'en-GB': { kWh: 'kWh', 'c/kWh': 'c/kWh', kW: 'kW' },
  'fi-FI': { kWh: 'kWh', 'c/kWh': 'snt/kWh', kW: 'kW' },
  'sv-FI': { kWh: 'kWh', 'c/kWh': 'c/kWh', kW: 'kW' },
  'et-EE': { kWh: 'kWh', 'c/kWh': 's/kWh', kW: 'kW' },
  'lv-LV': { kWh: 'kWh', 'c/kWh': 'c/kWh', kW: 'kW' },
  'ru-RU': { kWh: 'кВт·ч', 'c/kWh': 'ц/кВт·ч', kW: 'кВт' },
};

/** A locale id or tag ("fi-FI", "fi", the pseudo-locale "dev") to the locale whose units apply; English otherwise. */
const unitsOf = (locale: string) => UNITS[(locale in UNITS ? locale : LOCALE_MAP[locale.slice(0, 2)]) as LocaleId] ?? UNITS['en-GB'];

/** The unit as the locale writes it: `unitText('c/kWh', 'fi-FI')` is "snt/kWh". */
export function unitText(unit: EnergyUnit, locale: string): string {
  return unitsOf(locale)[unit];
}

const formats = new Map<string, Intl.NumberFormat>();

/**
 * An amount with its unit in the locale's way: "12,35 snt/kWh", "1 234 кВт·ч". A decimal string (an exact price
 * from the database) is formatted exactly, digit for digit; `digits` are the least and most fraction digits shown.
 */
export function formatUnit(value: number | string, unit: EnergyUnit, locale: string, digits: { min: number; max: number }): string {
  const key = `${locale}|${digits.min}|${digits.max}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits.min, maximumFractionDigits: digits.max });
    formats.set(key, format);
  }
  return `${format.format(value as Intl.StringNumericLiteral)} ${unitText(unit, locale)}`;
}

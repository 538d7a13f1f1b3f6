import { formatUnit } from '@portal/schema/units';

/** Numbers as the reader's locale writes them: energy with its unit (@portal/schema/units), money from integer cents (rule 5). */

const formatters = new Map<string, Intl.NumberFormat>();
function formatter(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

export function formatNumber(value: number, locale: string, maximumFractionDigits = 2): string {
  return formatter(locale, { maximumFractionDigits, minimumFractionDigits: 0 }).format(value);
}

/** kWh with up to three decimals for small values, whole kWh for large ones. */
export function formatKwh(value: number, locale: string): string {
  const digits = Math.abs(value) >= 1000 ? 0 : Math.abs(value) >= 10 ? 1 : 3;
  return formatUnit(value, 'kWh', locale, { min: 0, max: digits });
}

/**
 * Integer euro cents as a currency amount; the division happens once, for display only. `signed` writes a change with
 * its sign ("+€18.40", "−€6.10"; zero unsigned), the minus as U+2212, which a line does not break after.
 */
export function formatCents(cents: number, locale: string, { signed = false }: { signed?: boolean } = {}): string {
  if (signed) {
    // eslint-disable-next-line no-restricted-syntax -- the web's one euro formatter the rule points to
    return formatter(locale, { style: 'currency', currency: 'EUR', signDisplay: 'exceptZero' })
      .format(cents / 100)
      .replace('-', '\u2212');
  }
  // eslint-disable-next-line no-restricted-syntax -- the web's one euro formatter the rule points to
  return formatter(locale, { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

export function formatCentsPerKwh(value: number, locale: string): string {
  return formatUnit(value, 'c/kWh', locale, { min: 2, max: 2 });
}

export function formatCelsius(value: number, locale: string): string {
  return `${formatter(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value)} °C`;
}

/** Change against a comparison, as a signed whole percentage; null when there is nothing to compare. */
export function changePercent(current: number, previous: number | null | undefined): number | null {
  if (previous === null || previous === undefined || previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 100);
}

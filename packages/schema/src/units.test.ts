import { describe, expect, it } from 'vitest';
import { LOCALE_IDS } from './locale-ids.ts';
import { formatUnit, unitText } from './units.ts';

describe('units of energy and its price', () => {
  it('writes one unit per locale, as its utilities print them', () => {
    expect(LOCALE_IDS.map((locale) => unitText('c/kWh', locale))).toEqual(['c/kWh', 's/kWh', 'snt/kWh', 'c/kWh', 'ц/кВт·ч', 'c/kWh']);
    expect(unitText('kWh', 'ru-RU')).toBe('кВт·ч');
    expect(unitText('kWh', 'fi-FI')).toBe('kWh');
    // A bare language, the pseudo-locale and anything unknown read as their locale, or English.
    expect(unitText('c/kWh', 'fi')).toBe('snt/kWh');
    expect(unitText('c/kWh', 'dev')).toBe('c/kWh');
  });

  it('formats an amount in the locale’s numbers, an exact decimal digit for digit', () => {
    expect(formatUnit(12.3456, 'c/kWh', 'fi-FI', { min: 2, max: 2 })).toBe('12,35 snt/kWh');
    expect(formatUnit('8.49000', 'c/kWh', 'et-EE', { min: 2, max: 3 })).toBe('8,49 s/kWh');
    expect(formatUnit('1234.56789', 'c/kWh', 'en-GB', { min: 5, max: 5 })).toBe('1,234.56789 c/kWh');
    expect(formatUnit(1234, 'kWh', 'ru-RU', { min: 0, max: 0 })).toBe('1\u00a0234 кВт·ч');
  });
});

import { describe, expect, it } from 'vitest';
import { csvCents, csvDecimal, FORMULA_TRIGGERS, type CsvCell } from '@portal/schema/csv-format';
import { LOCALE_IDS } from '@portal/schema/locale-ids';
import { writeCsv } from './csv-writer.ts';

const COMMA_DECIMAL = new Set(['et-EE', 'fi-FI', 'lv-LV', 'ru-RU', 'sv-FI']);
const ROW: CsvCell[] = ['Hyvä; "selkeä"\nkiitos', 1.25, csvDecimal('-0.5'), csvCents(-5), null, 'Mari-Liis Männik'];

/** Issues 25 and 26: the web's one writer, formula-guarded, as the locale's spreadsheets expect. */
describe('the web’s CSV writer', () => {
  it.each(LOCALE_IDS)('%s: separator, decimal mark, byte-order mark, CRLF and RFC 4180 quoting', (locale) => {
    const csv = writeCsv(['Kulutus (kWh)', 'Hinta'], [ROW], locale);
    if (COMMA_DECIMAL.has(locale)) {
      expect(csv).toBe('\uFEFFKulutus (kWh);Hinta\r\n"Hyvä; ""selkeä""\nkiitos";1,25;-0,5;-0,05;;Mari-Liis Männik\r\n');
    } else {
      expect(csv).toBe('\uFEFFKulutus (kWh),Hinta\r\n"Hyvä; ""selkeä""\nkiitos",1.25,-0.5,-0.05,,Mari-Liis Männik\r\n');
    }
  });

  it.each(LOCALE_IDS.flatMap((locale) => FORMULA_TRIGGERS.map((trigger) => [locale, trigger] as const)))(
    '%s: text starting with %j is written as text; a negative number stays a number',
    (locale, trigger) => {
      const [separator, mark] = COMMA_DECIMAL.has(locale) ? [';', ','] : [',', '.'];
      const dangerous = `${trigger}SUM(1+1)*cmd|' /C calc'!A0`;
      const guarded = `'${dangerous}`;
      const field = /["\r\n]/.test(guarded) || guarded.includes(separator) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
      const csv = writeCsv(['a', 'b', 'c'], [[dangerous, -2, csvDecimal('-2.5')]], locale);
      expect(csv).toBe(`\uFEFFa${separator}b${separator}c\r\n${field}${separator}-2${separator}-2${mark}5\r\n`);
    },
  );

  it('writes the dev pseudo-locale as en-GB', () => {
    expect(writeCsv(['a'], [[csvDecimal('1.5')]], 'dev')).toBe('\uFEFFa\r\n1.5\r\n');
  });
});

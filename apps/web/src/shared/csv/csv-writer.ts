import { CSV_BOM, csvRecord, type CsvCell } from '@portal/schema/csv-format';
import { DEFAULT_LOCALE, toLocaleId } from '@portal/schema/locale-ids';
import { saveFile } from '../files/save-file.ts';

/**
 * The browser's one CSV writer (docs/decisions/096), by the rules the server's writer shares (@portal/schema/csv-format):
 * the locale's separator and decimal mark, text that would start a spreadsheet formula guarded with an apostrophe,
 * numbers written as numbers, RFC 4180 quoting, CRLF, a byte-order mark. `locale` is the page's language; the `dev`
 * pseudo-locale writes as en-GB.
 */
export function writeCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[], locale: string): string {
  const id = toLocaleId(locale) ?? DEFAULT_LOCALE;
  return `${CSV_BOM}${[header, ...rows].map((row) => csvRecord(row, id)).join('')}`;
}

/** Saves a written CSV under `filename` through the browser's download. */
export function saveCsv(csv: string, filename: string) {
  saveFile({ blob: new Blob([csv], { type: 'text/csv;charset=utf-8' }), filename });
}

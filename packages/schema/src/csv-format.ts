import type { LocaleId } from './locale-ids.ts';

/**
 * The rules every CSV a person downloads is written by, on the server (apps/server/src/platform/csv-writer.ts) and in
 * the browser (apps/web/src/shared/csv/csv-writer.ts), docs/decisions/096.
 *
 * Separator and decimal mark as the locale's spreadsheets expect: Excel splits a CSV at the list separator of the
 * system's regional settings, which is `;` where the decimal mark is a comma (Finnish, Swedish in Finland, Estonian,
 * Latvian, Russian) and `,` where it is a point (English, United Kingdom). Written in UTF-8 with a byte-order mark so
 * Excel reads ä, õ and ļ, records ended by CRLF and quoted as RFC 4180 says.
 */
export const CSV_FORMATS: Record<LocaleId, { delimiter: ';' | ','; decimalMark: ',' | '.' }> = {
  'en-GB': { delimiter: ',', decimalMark: '.' },
  'et-EE': { delimiter: ';', decimalMark: ',' },
  'fi-FI': { delimiter: ';', decimalMark: ',' },
  'lv-LV': { delimiter: ';', decimalMark: ',' },
  'ru-RU': { delimiter: ';', decimalMark: ',' },
  'sv-FI': { delimiter: ';', decimalMark: ',' },
};
export const CSV_BOM = '\uFEFF';
export const CSV_RECORD_DELIMITER = '\r\n';

/**
 * First characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection"): a text cell that begins
 * with one of them is written with a leading apostrophe, which Excel and LibreOffice take as "this is text".
 */
export const FORMULA_TRIGGERS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

/** An exact decimal number, as text with a decimal point ("-12.345"): written with the locale's decimal mark. */
export type CsvDecimal = { readonly decimal: string };

/**
 * A cell: text (formula-guarded), a number or an exact decimal (written as numbers, never guarded: a negative number
 * stays a number a spreadsheet can sum, and cannot carry a formula), or nothing.
 */
export type CsvCell = string | number | CsvDecimal | null | undefined;

export function csvDecimal(text: string): CsvDecimal {
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`not a decimal number: ${text}`);
  return { decimal: text };
}

/** Euro cents as euros with two decimals, exactly (integer arithmetic, rule 5). */
export function csvCents(cents: number): CsvDecimal {
  const absolute = Math.abs(cents);
  return csvDecimal(`${cents < 0 ? '-' : ''}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`);
}

/** Text as written: with a leading apostrophe when it would start a formula. */
export function guardFormula(text: string): string {
  return FORMULA_TRIGGERS.some((trigger) => text.startsWith(trigger)) ? `'${text}` : text;
}

/** One cell's text before quoting. */
export function csvCellText(cell: CsvCell, locale: LocaleId): string {
  if (cell === null || cell === undefined) return '';
  const { decimalMark } = CSV_FORMATS[locale];
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell).replace('.', decimalMark) : '';
  if (typeof cell === 'object') return cell.decimal.replace('.', decimalMark);
  return guardFormula(cell);
}

/** RFC 4180: a field with the separator, a quote or a line break is quoted, its quotes doubled. */
export function quoteCsvField(text: string, delimiter: string): string {
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF included. */
export function csvRecord(cells: readonly CsvCell[], locale: LocaleId): string {
  const { delimiter } = CSV_FORMATS[locale];
  return `${cells.map((cell) => quoteCsvField(csvCellText(cell, locale), delimiter)).join(delimiter)}${CSV_RECORD_DELIMITER}`;
}

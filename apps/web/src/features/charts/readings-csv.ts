import type { ReadingRow } from './reading-rows.ts';

export type CsvColumn = { header: string; value: (row: ReadingRow) => string | number | null };

/** RFC 4180 quoting: a field with the delimiter, a quote or a line break is quoted, quotes doubled. */
function field(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The shown data as CSV: semicolons between fields (what spreadsheet programs in Finland, Estonia and Latvia
 * expect), numbers with a decimal point as exported by the API, CRLF line ends.
 */
export function readingsCsv(rows: ReadingRow[], columns: CsvColumn[]): string {
  const lines = [columns.map((column) => field(column.header)).join(';')];
  for (const row of rows) lines.push(columns.map((column) => field(column.value(row))).join(';'));
  return `${lines.join('\r\n')}\r\n`;
}

/** Starts a download of text as a UTF-8 file with a byte-order mark, so spreadsheets read ä, õ and ļ right. */
export function downloadText(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Cents to euros with two decimals as text, for the CSV (no float rounding on money: integer arithmetic). */
export function centsAsEuros(cents: number | null): string | null {
  if (cents === null) return null;
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

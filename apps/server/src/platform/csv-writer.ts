import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { stringify as stringifyAll } from 'csv-stringify/sync';
import { CSV_FORMATS, CSV_RECORD_DELIMITER, csvCellText, type CsvCell } from '@portal/schema/csv-format';
import type { LocaleId } from '@portal/schema/locale-ids';

/**
 * The server's one CSV writer (docs/decisions/096): csv-stringify does the RFC 4180 quoting; each cell is turned into
 * its text by the rules the web's writer shares (@portal/schema/csv-format): the locale's separator and decimal mark,
 * text that would start a spreadsheet formula guarded with an apostrophe, numbers written as numbers. UTF-8 with a
 * byte-order mark, CRLF line ends.
 */
const options = (locale: LocaleId) => ({
  delimiter: CSV_FORMATS[locale].delimiter,
  record_delimiter: CSV_RECORD_DELIMITER,
  bom: true,
  // csv-stringify quotes a field holding the record delimiter; RFC 4180 asks the same of a lone CR or LF.
  quoted_match: /[\r\n]/,
});
const texts = (row: readonly CsvCell[], locale: LocaleId) => row.map((cell) => csvCellText(cell, locale));

/** A whole file at once: a header row and the rows. */
export function writeCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[], locale: LocaleId): string {
  return stringifyAll(
    [header, ...rows].map((row) => texts(row, locale)),
    options(locale),
  );
}

/** A file of any length, streamed: rows are read from `rows` as the reader takes them, never all held at once. */
export function streamCsv(header: readonly string[], rows: AsyncIterable<readonly CsvCell[]>, locale: LocaleId): Readable {
  const lines = Readable.from(
    (async function* () {
      yield texts(header, locale);
      for await (const row of rows) yield texts(row, locale);
    })(),
  );
  return lines.pipe(stringify(options(locale)));
}

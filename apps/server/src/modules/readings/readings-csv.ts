import Papa from 'papaparse';
import { identifierText } from '@portal/schema/identifier-text';

/**
 * The CSV readings format utilities receive from the grid operator's data hub, one interval a line:
 *
 *   metering_point,interval_start,resolution,direction,kwh,status
 *   643001100000543212,2026-01-15T00:00:00+02:00,PT60M,consumption,1.234,measured
 *
 * Comma or semicolon separated (with `;` the kWh may use a decimal comma). `metering_point` is the GSRN or EIC;
 * `interval_start` ISO-8601 with an offset; `resolution` PT60M, PT15M or PT5M (or 60, 15, 5); `direction`
 * consumption or production; `kwh` at most three decimals (exact Wh); `status` measured or estimated.
 */
export type ParsedReading = {
  line: number;
  code: string;
  startsAt: Date;
  minutes: number;
  direction: 'consumption' | 'production';
  wh: number;
  measured: boolean;
};

export type CsvProblem = { line: number; message: string };

const COLUMNS = ['metering_point', 'interval_start', 'resolution', 'direction', 'kwh', 'status'] as const;
const RESOLUTIONS: Record<string, number> = { PT60M: 60, PT1H: 60, '60': 60, PT15M: 15, '15': 15, PT5M: 5, '5': 5 };
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const KWH = /^-?\d{1,9}([.,]\d{1,3})?$/;

export function parseReadingsCsv(text: string): { readings: ParsedReading[]; problems: CsvProblem[] } {
  const content = text.replace(/^\uFEFF/, '');
  const firstLine = content.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = firstLine.includes(';') ? ';' : ',';
  // Papa Parse: a kept parser (RFC 4180 quoting) about eight times faster than csv-parse on a large file.
  const parsed = Papa.parse<string[]>(content, { delimiter, skipEmptyLines: false });
  const records = withLineNumbers(parsed.data, content.includes('"'));
  const broken = parsed.errors.find((error) => error.type === 'Quotes' || error.type === 'Delimiter');
  if (broken) {
    const line = broken.row === undefined ? 0 : (records[broken.row]?.info.lines ?? 0);
    return { readings: [], problems: [{ line, message: `not valid CSV: ${broken.message}` }] };
  }
  const problems: CsvProblem[] = [];
  const [header, ...rows] = records.filter(({ record }) => record.some((value) => value.trim() !== ''));
  const names = header?.record.map((name) => name.toLowerCase()) ?? [];
  const missing = COLUMNS.filter((column) => !names.includes(column));
  if (!header || missing.length > 0) {
    return { readings: [], problems: [{ line: 1, message: `header must name ${COLUMNS.join(', ')}; missing ${missing.join(', ')}` }] };
  }
  const [codeAt, startAt, resolutionAt, directionAt, kwhAt, statusAt] = COLUMNS.map((column) => names.indexOf(column)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const readings: ParsedReading[] = [];
  const seen = new Map<string, Map<number, number>>();
  // A file names a few metering points on thousands of lines: each code is checked once (decision 084).
  const codeChecks = new Map<string, { code: string; problem: string | null }>();

  for (const { record, info } of rows) {
    const line = info.lines;
    const rawCode = value(record, codeAt);
    let checked = codeChecks.get(rawCode);
    if (!checked) {
      checked = checkCode(rawCode);
      codeChecks.set(rawCode, checked);
    }
    if (checked.problem) {
      problems.push({ line, message: checked.problem });
      continue;
    }
    const code = checked.code;
    const startText = value(record, startAt);
    const startsAt = new Date(startText);
    if (!ISO_WITH_OFFSET.test(startText) || Number.isNaN(startsAt.getTime())) {
      problems.push({
        line,
        message: `interval_start "${startText}" is not an ISO-8601 time with an offset (e.g. 2026-01-15T00:00:00+02:00)`,
      });
      continue;
    }
    const resolutionText = value(record, resolutionAt);
    const minutes = RESOLUTIONS[resolutionText.toUpperCase()];
    if (!minutes) {
      problems.push({ line, message: `resolution "${resolutionText}" must be PT60M, PT15M or PT5M` });
      continue;
    }
    if (startsAt.getTime() % (minutes * 60_000) !== 0) {
      problems.push({ line, message: `interval_start ${startText} does not start a ${minutes}-minute interval` });
      continue;
    }
    const directionText = value(record, directionAt);
    const direction = directionText.toLowerCase();
    if (direction !== 'consumption' && direction !== 'production') {
      problems.push({ line, message: `direction "${directionText}" must be consumption or production` });
      continue;
    }
    const kwhText = value(record, kwhAt);
    if (!KWH.test(kwhText) || (delimiter === ',' && kwhText.includes(','))) {
      problems.push({ line, message: `kwh "${kwhText}" must be a number with at most three decimals` });
      continue;
    }
    const [whole, decimals = ''] = kwhText.replace(',', '.').split('.');
    if (whole!.startsWith('-')) {
      problems.push({ line, message: `kwh ${kwhText} must not be negative (production has its own direction)` });
      continue;
    }
    const wh = Number(whole) * 1000 + Number(decimals.padEnd(3, '0'));
    const statusText = value(record, statusAt);
    const status = statusText.toLowerCase();
    if (status !== 'measured' && status !== 'estimated') {
      problems.push({ line, message: `status "${statusText}" must be measured or estimated` });
      continue;
    }
    // Lines seen per series, by start: a number key per line, not a new string (a sixth of the parse's time).
    const series = `${code}|${direction}|${minutes}`;
    let starts = seen.get(series);
    if (!starts) {
      starts = new Map();
      seen.set(series, starts);
    }
    const earlier = starts.get(startsAt.getTime());
    if (earlier !== undefined) {
      problems.push({ line, message: `the same interval is already on line ${earlier}` });
      continue;
    }
    starts.set(startsAt.getTime(), line);
    readings.push({ line, code, startsAt, minutes, direction, wh, measured: status === 'measured' });
  }
  return { readings, problems };
}

const value = (record: string[], at: number) => record[at]?.trim() ?? '';

/** The code as stored (compacted by `identifierText`: any white space removed, upper case), or why it cannot be a metering point's code. */
function checkCode(raw: string): { code: string; problem: string | null } {
  const code = identifierText(raw);
  if (!/^[0-9A-Z-]{16,18}$/i.test(code)) {
    return { code, problem: `metering_point "${raw}" is not a GSRN (18 digits) or EIC (16 characters)` };
  }
  if (/^\d{18}$/.test(code) && !validGsrn(code)) return { code, problem: `metering_point ${code} has a wrong GSRN check digit` };
  return { code, problem: null };
}

/** GS1 mod-10 check digit of an 18-digit GSRN. */
export function validGsrn(code: string): boolean {
  const digits = [...code].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((total, digit, index) => total + digit * (index % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/**
 * Each record with the line it starts on, 1-based: a record starts one line after the previous one, plus the line
 * breaks inside its quoted fields (only looked for when the file has quotes at all).
 */
function withLineNumbers(rows: string[][], quoted: boolean): { record: string[]; info: { lines: number } }[] {
  let line = 1;
  return rows.map((record) => {
    const entry = { record, info: { lines: line } };
    line += 1 + (quoted ? record.reduce((breaks, value) => breaks + (value.match(/\n/g)?.length ?? 0), 0) : 0);
    return entry;
  });
}

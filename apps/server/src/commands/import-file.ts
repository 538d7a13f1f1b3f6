import {
  PUBLICATION_DOCUMENT_TASK,
  type PublishedPrice,
  type DocumentProblem,
} from '../integrations/spot-prices/entsoe-publication-document.ts';
import { importSpotPrices } from '../integrations/spot-prices/import-spot-prices.ts';
import { importReadings } from '../modules/readings/import-readings.ts';
import type { Database } from '../platform/database.ts';
import { INPUT_LIMITS, overLimit } from '../platform/input-limits.ts';
import type { ParsingPool } from '../platform/parsing-pool.ts';

export const IMPORT_KINDS = ['readings', 'prices'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** Where in the file (a line number, or an element of an XML document) and what is wrong there. */
export type ImportProblem = { where: string; message: string };
export type ImportReport = { rows: number; inserted: number; updated: number; unchanged: number };
export type ImportOutcome = ({ ok: true } & ImportReport) | { ok: false; problems: ImportProblem[] };

/**
 * A file past the import's limits (platform/input-limits.ts), refused before it is parsed: a readings file of more
 * lines than 4,000,000 (bytes alone do not bound them: 256 MB of empty lines are 268 million rows to parse), a
 * price document larger than 32 MB. Throws 413 IMPORT_TOO_LARGE.
 */
function checkImportSize(kind: ImportKind, content: string) {
  if (kind === 'prices') {
    const bytes = Buffer.byteLength(content);
    if (bytes > INPUT_LIMITS.importXmlBytes.limit) throw overLimit('importXmlBytes', `the document is ${bytes} bytes`);
    return;
  }
  let lines = 1;
  for (let at = content.indexOf('\n'); at !== -1; at = content.indexOf('\n', at + 1)) {
    if (++lines > INPUT_LIMITS.importCsvRows.limit + 1) throw overLimit('importCsvRows', 'the file has more lines');
  }
}

/**
 * One import, the same whether `npm run import` opens the database itself or a running server does it; a server
 * passes its parsing threads, on which the price document's XML is parsed.
 */
export async function importFile(
  db: Database,
  kind: ImportKind,
  content: string,
  { siteId, parsing }: { siteId?: string; parsing?: ParsingPool },
): Promise<ImportOutcome> {
  checkImportSize(kind, content);
  if (kind === 'readings') {
    const result = await importReadings(db, content, { siteId });
    return result.ok ? result : { ok: false, problems: result.problems.map(({ line, message }) => ({ where: String(line), message })) };
  }
  const result = await importSpotPrices(
    db,
    content,
    parsing && ((xml) => parsing.run<{ prices: PublishedPrice[]; problems: DocumentProblem[] }>(PUBLICATION_DOCUMENT_TASK, xml)),
  );
  return result.ok ? result : { ok: false, problems: result.problems.map(({ element, message }) => ({ where: element, message })) };
}

/** What the command prints: the counts on success, otherwise each problem as `file:where: message` (at most 50). */
export function describeOutcome(file: string, kind: ImportKind, outcome: ImportOutcome): { ok: boolean; lines: string[] } {
  if (outcome.ok) {
    const what = kind === 'readings' ? 'readings' : 'prices';
    return {
      ok: true,
      lines: [`${outcome.rows} ${what} from ${file}: ${outcome.inserted} new, ${outcome.updated} changed, ${outcome.unchanged} unchanged.`],
    };
  }
  const { problems } = outcome;
  const lines = problems.slice(0, 50).map((problem) => `${file}:${problem.where}: ${problem.message}`);
  if (problems.length > 50) lines.push(`… and ${problems.length - 50} more problems`);
  lines.push(`Nothing imported: ${problems.length} problem(s).`);
  return { ok: false, lines };
}

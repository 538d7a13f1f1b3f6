import { importSpotPrices } from '../integrations/spot-prices/import-spot-prices.ts';
import { importReadings } from '../modules/readings/import-readings.ts';
import type { Database } from '../platform/database.ts';

export const IMPORT_KINDS = ['readings', 'prices'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** Where in the file (a line number, or an element of an XML document) and what is wrong there. */
export type ImportProblem = { where: string; message: string };
export type ImportReport = { rows: number; inserted: number; updated: number; unchanged: number };
export type ImportOutcome = ({ ok: true } & ImportReport) | { ok: false; problems: ImportProblem[] };

/** One import, the same whether `npm run import` opens the database itself or a running server does it. */
export async function importFile(db: Database, kind: ImportKind, content: string, { siteId }: { siteId?: string }): Promise<ImportOutcome> {
  if (kind === 'readings') {
    const result = await importReadings(db, content, { siteId });
    return result.ok ? result : { ok: false, problems: result.problems.map(({ line, message }) => ({ where: String(line), message })) };
  }
  const result = await importSpotPrices(db, content);
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

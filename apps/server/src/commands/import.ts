import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { DataFolderInUseError, describeHolder, type DataFolderHolder } from '../platform/data-folder-lock.ts';
import { openDatabase } from '../platform/database.ts';
import { AppError } from '../platform/errors.ts';
import { describeOutcome, IMPORT_KINDS, importFile, type ImportKind, type ImportOutcome } from './import-file.ts';
import { importThroughServer, ServerUnreachableError } from './import-through-server.ts';

const USAGE = `Usage:
  npm run import -- readings FILE.csv [--site SITE_ID]   CSV readings (metering_point,interval_start,resolution,direction,kwh,status)
  npm run import -- prices FILE.xml                      ENTSO-E day-ahead Publication_MarketDocument (PT15M or PT60M)
  npm run import -- --help                               this text

Imports into the configured database: DATABASE_URL, or PGlite in DATA_DIR. When a portal server holds that
PGlite folder, the file is sent to the server, which imports it. Re-importing a file changes nothing; a file
with any bad line writes nothing. Exit code 0: imported; 1: nothing imported; 2: wrong usage.`;

type Invocation = { help: true } | { help: false; kind: ImportKind; file: string; siteId: string | undefined };

class UsageError extends Error {}

function parseInvocation(argv: string[]): Invocation {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { site: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  const [kind, file, ...extra] = positionals;
  if (kind === undefined) throw new UsageError('Say what to import: readings or prices.');
  if (!(IMPORT_KINDS as readonly string[]).includes(kind))
    throw new UsageError(`"${kind}" is not something to import: readings or prices.`);
  if (file === undefined) throw new UsageError(`Name the ${kind} file to import.`);
  if (extra.length > 0) throw new UsageError(`One file at a time: "${extra.join(' ')}" is one too many.`);
  if (values.site !== undefined && kind !== 'readings') throw new UsageError('--site applies to readings only.');
  if (values.site === '') throw new UsageError('--site needs a site id, e.g. --site lumo.');
  return { help: false, kind: kind as ImportKind, file, siteId: values.site };
}

/** `npm run import`: loads readings or spot prices as utilities receive them. */
async function main(argv: string[]): Promise<number> {
  let invocation: Invocation;
  try {
    invocation = parseInvocation(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (invocation.help) {
    console.log(USAGE);
    return 0;
  }
  const { kind, file, siteId } = invocation;
  // npm runs scripts in the package's folder; INIT_CWD is where the person typed the command.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  let content: string;
  try {
    content = await readFile(path, 'utf8');
  } catch (error) {
    console.error(`Cannot read ${path}: ${(error as Error).message}`);
    return 1;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(
      `Cannot import: fix these environment variables (see Configuration in README.md).\n${error.problems.map((problem) => `  ${problem}`).join('\n')}`,
    );
    return 1;
  }

  let outcome: ImportOutcome;
  try {
    const database = await openDatabase(config.database, { use: { role: 'import' } });
    try {
      outcome = await importFile(database.db, kind, content, { siteId });
    } finally {
      await database.close();
    }
  } catch (error) {
    if (error instanceof AppError) {
      console.error(`Nothing imported: ${error.message}`);
      return 1;
    }
    if (!(error instanceof DataFolderInUseError)) throw error;
    const { holder } = error;
    if (holder?.role !== 'server' || !holder.address) {
      console.error(error.message);
      return 1;
    }
    const through = await sendToServer({ ...holder, address: holder.address }, kind, content, siteId, error.folder);
    if (!through) return 1;
    outcome = through;
  }
  const report = describeOutcome(file, kind, outcome);
  for (const line of report.lines) (report.ok ? console.log : console.error)(line);
  return report.ok ? 0 : 1;
}

async function sendToServer(
  holder: DataFolderHolder & { address: { host: string; port: number } },
  kind: ImportKind,
  content: string,
  siteId: string | undefined,
  folder: string,
): Promise<ImportOutcome | null> {
  console.log(`${folder} is held by ${describeHolder(holder)}: sending the file to it.`);
  try {
    return await importThroughServer(holder, kind, content, siteId);
  } catch (error) {
    if (!(error instanceof ServerUnreachableError)) throw error;
    console.error(
      `Nothing imported: the server holding ${folder} does not answer at ${error.origin} (${error.reason}). If it is starting, wait until it logs "Portal ready" and run the import again; if it hangs, stop it (kill ${holder.pid}) and import with the server stopped.`,
    );
    return null;
  }
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`Import failed: ${(error as Error).message}`);
  return 1;
});

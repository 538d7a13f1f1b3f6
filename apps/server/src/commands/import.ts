import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { importSpotPrices } from '../integrations/spot-prices/import-spot-prices.ts';
import { importReadings } from '../modules/readings/import-readings.ts';
import { openDatabase } from '../platform/database.ts';

const USAGE = `Usage:
  npm run import -- readings FILE.csv [--site SITE_ID]   CSV readings (metering_point,interval_start,resolution,direction,kwh,status)
  npm run import -- prices FILE.xml                      ENTSO-E day-ahead Publication_MarketDocument (PT15M or PT60M)

Imports into the configured database (DATABASE_URL, or PGlite in DATA_DIR; stop a server using the same
PGlite directory first). Re-importing a file changes nothing; a file with any bad line writes nothing.`;

/** `npm run import`: loads readings or spot prices as utilities receive them. Exit code 1 on any problem. */
async function main(argv: string[]): Promise<number> {
  const [kind, file, ...rest] = argv;
  const siteFlag = rest.indexOf('--site');
  const siteId = siteFlag >= 0 ? rest[siteFlag + 1] : undefined;
  if ((kind !== 'readings' && kind !== 'prices') || !file || (siteFlag >= 0 && !siteId)) {
    console.error(USAGE);
    return 2;
  }
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  let content: string;
  try {
    content = await readFile(path, 'utf8');
  } catch (error) {
    console.error(`Cannot read ${path}: ${(error as Error).message}`);
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    const started = Date.now();
    if (kind === 'readings') {
      const result = await importReadings(database.db, content, { siteId });
      if (!result.ok) {
        for (const problem of result.problems.slice(0, 50)) console.error(`${file}:${problem.line}: ${problem.message}`);
        if (result.problems.length > 50) console.error(`… and ${result.problems.length - 50} more problems`);
        console.error(`Nothing imported: ${result.problems.length} problem(s).`);
        return 1;
      }
      console.log(`${result.rows} readings from ${file}: ${result.inserted} new, ${result.updated} changed, ${result.unchanged} unchanged (${Date.now() - started} ms).`);
    } else {
      const result = await importSpotPrices(database.db, content);
      if (!result.ok) {
        for (const problem of result.problems.slice(0, 50)) console.error(`${file}: ${problem.element}: ${problem.message}`);
        console.error(`Nothing imported: ${result.problems.length} problem(s).`);
        return 1;
      }
      console.log(`${result.rows} prices from ${file}: ${result.inserted} new, ${result.updated} changed, ${result.unchanged} unchanged (${Date.now() - started} ms).`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`Import failed: ${(error as Error).message}`);
  return 1;
});

/**
 * Run by db/staged-upsert.test.ts: opens the database named on the command line as `npm run import` does,
 * creates a staging table as an import half-way through, prints its name and waits to be killed.
 */
import { createStagingTable } from '../db/staged-upsert.ts';
import { withOneConnection } from '../db/bulk-copy.ts';
import { openDatabase } from '../platform/database.ts';

const [target = ''] = process.argv.slice(2);
const database = await openDatabase(
  target.startsWith('postgres') ? { kind: 'postgres', url: target } : { kind: 'pglite', dataDir: target },
  { use: { role: 'import' } },
);
await withOneConnection(database.db, async (connection) => {
  console.log(await createStagingTable(connection, 'reading', ['metering_point_id', 'starts_at', 'wh']));
  await new Promise(() => {});
});

import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import type { App } from '../apps/server/src/app.ts';
import { energySql } from '../apps/server/src/modules/readings/energy-queries.ts';
import type { DatabaseHandle } from '../apps/server/src/platform/database.ts';
import { customerIdOf } from '../apps/server/src/test-support/energy-factories.ts';
import { sessionCookieFor } from '../apps/server/src/test-support/sessions.ts';

const seconds = 5;

/** A year of one demo metering point, bucketed by day in Helsinki time, with its cost: the chart's heaviest common view. */
const YEAR = { from: '2025-01-01', to: '2025-12-31', timezone: 'Europe/Helsinki' };
const POINT = 'mp-lumo-aino-el';

/**
 * GET /api/charts/readings (HTTP, session, actor, validation, scoping, serialisation) against the same energy
 * SQL run directly on the same database for the same time, both with 10 requests in flight.
 */
export async function chartReadingsThroughput(app: App, database: DatabaseHandle) {
  const cookie = await sessionCookieFor(database.db, 'FI131052-308T', 'lumo');
  const customerId = await customerIdOf(database.db, 'lumo', 'LUMO-100001');
  const statement = energySql({
    ...YEAR,
    scope: { siteId: 'lumo', customerId },
    meteringPointIds: [POINT],
    directions: 'consumption',
    sourceMinutes: 60,
    bucket: 'day',
    withCost: true,
  });

  let sqlRuns = 0;
  const started = Date.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (Date.now() < until) {
        await database.db.execute(statement);
        sqlRuns++;
      }
    }),
  );
  // Runs still in flight at the deadline finish and count, so divide by the time they actually took.
  const sqlRps = sqlRuns / ((Date.now() - started) / 1000);

  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/api/charts/readings?series[]=consumption&from=${YEAR.from}&to=${YEAR.to}&resolution=day&meteringPointId=${POINT}`;
  const result = await autocannon({ url, headers: { host: 'lumo.localhost', cookie }, connections: 10, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const appRps = result.requests.average;
  return { appRps, sqlRps, ratio: appRps / sqlRps };
}

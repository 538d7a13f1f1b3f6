import { readFileSync } from 'node:fs';
import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { demoSeeded, seedDemoData } from './db/seed/demo-data.ts';
import { startDemoEnergyFeed } from './db/seed/demo-energy-feed.ts';
import { DataFolderInUseError } from './platform/data-folder-lock.ts';
import { openDatabase, type DatabaseHandle } from './platform/database.ts';
import { startTracing } from './platform/tracing.ts';

/** Read config, open the database, seed the demo, build the app, listen, close with grace. */
async function start(): Promise<void> {
  const config = configOrExplain();
  if (!config) return;
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string };
  const log = pino({
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-portal-import-token"]'],
    // One line per entry in development: a start reads as a few lines of progress, not pages of objects (issue 27).
    ...(config.env === 'development'
      ? { transport: { target: 'pino-pretty', options: { singleLine: true, ignore: 'pid,hostname' } } }
      : {}),
  });

  // Before anything opens a connection or builds the app: the SDK's context must hold from the first request.
  const tracing = config.traces ? await startTracing() : null;
  const database = await databaseOrExplain(config, log);
  if (!database) return;
  const demoIssuer = config.auth.demoIdpIssuer;
  // A first start seeds the demo before anyone can sign in; later starts answer at once and top it up behind
  // (new readings, prices and invoices since the last run), as the demo energy feed does every quarter hour.
  const topUpBehind = demoIssuer !== null && (await demoSeeded(database.db));
  if (demoIssuer && !topUpBehind) await seedDemoData(database.db, { idpIssuer: demoIssuer, log });

  const app = await buildApp({ config, database, appVersion: version ?? '0.0.0', loggerInstance: log });

  // In-flight requests finish and the readiness check turns 503 before the database closes.
  const stopDemoEnergyFeed = demoIssuer
    ? startDemoEnergyFeed(database.db, (err) => app.log.error({ err }, 'demo energy top-up failed'))
    : () => {};

  // The demo's top-up behind a warm start; closing waits for it so the database never closes under it.
  const demoTopUp = { done: Promise.resolve() };
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an uncaught error');
    else app.log.info({ signal }, 'closing');
    stopDemoEnergyFeed();
    await demoTopUp.done;
    await app.close();
    await database.close();
    await tracing?.shutdown();
  });

  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    `Portal ready on ${config.database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}${config.demoMode ? ' with demo data' : ''}: http://localhost:${config.port}`,
  );
  if (demoIssuer && topUpBehind) {
    demoTopUp.done = seedDemoData(database.db, { idpIssuer: demoIssuer, log }).catch((err: unknown) =>
      app.log.error({ err }, 'demo top-up failed'),
    );
  }
}

/** An operator's mistake gets one plain message and exit code 1, not a stack trace. */
function configOrExplain(): Config | null {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(
      `The portal cannot start: fix these environment variables (see Configuration in README.md).\n${error.problems.map((problem) => `  ${problem}`).join('\n')}`,
    );
    process.exitCode = 1;
    return null;
  }
}

async function databaseOrExplain(config: Config, log: pino.Logger): Promise<DatabaseHandle | null> {
  try {
    const database = await openDatabase(config.database, { use: { role: 'server', host: config.host, port: config.port }, log });
    log.info('database ready');
    return database;
  } catch (error) {
    if (!(error instanceof DataFolderInUseError)) throw error;
    console.error(`The portal cannot start. ${error.message}`);
    process.exitCode = 1;
    return null;
  }
}

await start();

import { readFileSync } from 'node:fs';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { seedDemoData } from './db/seed/demo-data.ts';
import { startDemoEnergyFeed } from './db/seed/demo-energy-feed.ts';
import { openDatabase } from './platform/database.ts';

const config = loadConfig();
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string };
const appVersion = version ?? '0.0.0';
const database = await openDatabase(config.database);
if (config.auth.demoIdpIssuer) await seedDemoData(database.db, { idpIssuer: config.auth.demoIdpIssuer });

const app = await buildApp({
  config,
  database,
  appVersion,
  logger: {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization'],
    ...(config.env === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
  },
});

// In-flight requests finish and the readiness check turns 503 before the database closes.
const stopDemoEnergyFeed = config.auth.demoIdpIssuer
  ? startDemoEnergyFeed(database.db, (err) => app.log.error({ err }, 'demo energy top-up failed'))
  : () => {};

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an uncaught error');
  else app.log.info({ signal }, 'closing');
  stopDemoEnergyFeed();
  await app.close();
  await database.close();
});

await app.listen({ host: config.host, port: config.port });
app.log.info(
  `Portal ready on ${config.database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}${config.demoMode ? ' with demo data' : ''}: http://localhost:${config.port}`,
);

import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import type { DatabaseHandle } from '../platform/database.ts';
import { TEMPLATE_IDP_ISSUER } from './database-templates.ts';
import { freePort } from './free-port.ts';
import { openSeededTestDatabase } from './test-database.ts';

const fixtureDist = fileURLToPath(new URL('./web-dist', import.meta.url));

export type TestContext = {
  app: App;
  database: DatabaseHandle;
  config: Config;
  /** The same database through a second connection pool on PostgreSQL (a second server copy); the caller closes it. */
  openAnotherCopy: () => Promise<DatabaseHandle>;
};

/**
 * Builds the app once for a test file (fastify/demo style) on a fresh copy of the seeded template and closes it after the
 * file's tests. With `listen`, it also listens on loopback: Auth.js then reaches the local e-ID service over
 * real HTTP. With `log`, the app writes its log there. The job runner does not start (JOBS_ENABLED=false) so that tests decide when jobs run, with
 * `app.jobs.runDue()`.
 */
export function useTestApp(
  overrides: Record<string, string> = {},
  { listen = false, log }: { listen?: boolean; log?: FastifyBaseLogger } = {},
): TestContext {
  const context = {} as TestContext;
  let drop = async () => {};
  beforeAll(async () => {
    const port = listen ? String(await freePort()) : '3000';
    const config = loadConfig({
      NODE_ENV: 'test',
      WEB_DIST_DIR: fixtureDist,
      DEMO_MODE: 'true',
      JOBS_ENABLED: 'false',
      PORT: port,
      ...overrides,
    });
    const started = performance.now();
    const opened = await openSeededTestDatabase(config.auth.demoIdpIssuer ?? TEMPLATE_IDP_ISSUER);
    const copied = performance.now();
    drop = opened.drop;
    context.database = opened.handle;
    context.openAnotherCopy = opened.openAnotherCopy;
    context.config = config;
    context.app = await buildApp({ config, database: opened.handle, appVersion: '1.2.3-test', loggerInstance: log });
    await context.app.ready();
    if (listen) await context.app.listen({ host: '127.0.0.1', port: config.port });
    reportPhases({ database: copied - started, app: performance.now() - copied });
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
    await drop();
  });
  return context;
}

/**
 * With TEST_APP_PHASES=1, one line per test app on stderr: milliseconds to copy the seeded database and to build the
 * app, for finding where a slow run's time goes (the figures in docs/decisions/103-test-speed.md).
 */
function reportPhases(phases: { database: number; app: number }) {
  if (process.env.TEST_APP_PHASES !== '1') return;
  const file = expect.getState().testPath ?? 'unknown file';
  process.stderr.write(`test-app phases ms database=${phases.database.toFixed(0)} app=${phases.app.toFixed(0)} ${file}\n`);
}

/** The host names of the demo sites, as a browser would send them. */
export const HOSTS = {
  lumo: 'lumo.localhost:3000',
  virmalise: 'virmalise.localhost:3000',
  daugava: 'daugava.localhost:3000',
  kallio: 'kallio.localhost:3000',
} as const;

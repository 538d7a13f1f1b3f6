import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { seedDemoData } from '../db/seed/demo-data.ts';
import type { DatabaseHandle } from '../platform/database.ts';
import { openTestDatabase } from './test-database.ts';

const fixtureDist = fileURLToPath(new URL('./web-dist', import.meta.url));

export type TestContext = {
  app: App;
  database: DatabaseHandle;
  config: Config;
  /** The same database through a second connection pool on PostgreSQL (a second server copy); the caller closes it. */
  openAnotherCopy: () => Promise<DatabaseHandle>;
};

/** A port nothing listens on, so the server's own address is known before it is built. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Builds the app once for a test file (fastify/demo style) on a fresh, seeded database and closes it after the
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
    const opened = await openTestDatabase();
    drop = opened.drop;
    const port = listen ? String(await freePort()) : '3000';
    const config = loadConfig({
      NODE_ENV: 'test',
      WEB_DIST_DIR: fixtureDist,
      DEMO_MODE: 'true',
      JOBS_ENABLED: 'false',
      PORT: port,
      ...overrides,
    });
    await seedDemoData(opened.handle.db, { idpIssuer: config.auth.demoIdpIssuer ?? 'http://127.0.0.1:3000/idp', energyHistory: false });
    context.database = opened.handle;
    context.openAnotherCopy = opened.openAnotherCopy;
    context.config = config;
    context.app = await buildApp({ config, database: opened.handle, appVersion: '1.2.3-test', loggerInstance: log });
    await context.app.ready();
    if (listen) await context.app.listen({ host: '127.0.0.1', port: config.port });
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
    await drop();
  });
  return context;
}

/** The host names of the demo sites, as a browser would send them. */
export const HOSTS = {
  lumo: 'lumo.localhost:3000',
  virmalise: 'virmalise.localhost:3000',
  daugava: 'daugava.localhost:3000',
} as const;

import { afterAll, beforeAll } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../platform/database.ts';
import { openSeededTestDatabase } from './test-database.ts';

export type ServerCopy = { app: App; database: DatabaseHandle };

/**
 * Two server copies on one freshly seeded database for a test file, for what one copy must hear of the other's
 * changes (caches kept per copy). The second opens the database again, as a second server process would (PGlite:
 * the same instance). The list fills before the file's tests run.
 */
export function useTwoServerCopies(overrides: Record<string, string> = {}): readonly ServerCopy[] {
  const copies: ServerCopy[] = [];
  let drop = async () => {};
  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', WEB_DIST_DIR: 'none', DEMO_MODE: 'true', JOBS_ENABLED: 'false', ...overrides });
    const opened = await openSeededTestDatabase(config.auth.demoIdpIssuer!);
    drop = opened.drop;
    for (const database of [opened.handle, await opened.openAnotherCopy()]) {
      const app = await buildApp({ config, database, appVersion: `copy-${copies.length + 1}` });
      await app.ready();
      copies.push({ app, database });
    }
  });
  afterAll(async () => {
    for (const { app, database } of copies.reverse()) {
      await app.close();
      await database.close();
    }
    await drop();
  });
  return copies;
}

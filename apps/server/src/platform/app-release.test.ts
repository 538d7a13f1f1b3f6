import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openMigratedPglite } from '../test-support/test-database.ts';

// V8's own collector, asked for by name: whether a closed app can be collected is this file's whole question.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Builds an app as a server copy does, answers one request, closes it and its database; only a weak reference stays. */
async function closedApp(): Promise<WeakRef<object>> {
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST_DIR: fileURLToPath(new URL('../test-support/web-dist', import.meta.url)),
    DEMO_MODE: 'true',
    JOBS_ENABLED: 'false',
  });
  const database = await openMigratedPglite();
  const app = await buildApp({ config, database, appVersion: '1.2.3-test' });
  expect((await app.inject({ method: 'GET', url: '/api/site', headers: { host: 'lumo.localhost' } })).statusCode).toBe(404);
  await app.close();
  await database.close();
  return new WeakRef(app);
}

/**
 * A closed app leaves nothing in the process that holds it: no observer, timer, listener or module-level cache. A test
 * worker builds dozens of apps (vitest.config.ts, isolate: false), and each one kept whole made every later database
 * copy slower as the heap grew (prom-client's GC observer held them all; decision 103, ninth session).
 */
describe('closing an app', () => {
  it('lets it be collected', async () => {
    const app = await closedApp();
    for (let round = 0; round < 10 && app.deref() !== undefined; round++) {
      // A weak reference's target stays until the task that last read it has ended.
      await new Promise((resolve) => setTimeout(resolve, 20));
      collectGarbage();
    }
    // Whether it is there, not the app itself: printing a closed Fastify app reads getters that throw.
    expect(app.deref() === undefined).toBe(true);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import { queryRows } from './database.ts';

// PGlite is built without LLVM: the setting is PostgreSQL's alone.
describe.skipIf(!process.env.TEST_DATABASE_URL)("the portal's PostgreSQL connections", () => {
  let database: TestDatabase | undefined;
  afterAll(() => database?.drop());

  it('run without JIT compilation, on every connection of the pool (decision 132)', async () => {
    database = await openTestDatabase();
    // Ten statements at once take all ten of the pool's connections.
    const settings = await Promise.all(
      Array.from({ length: 10 }, () =>
        queryRows<{ jit: string; pid: number }>(
          database!.handle.db,
          sql`select current_setting('jit') as jit, pg_backend_pid() as pid, pg_sleep(0.05)`,
        ),
      ),
    );
    expect(new Set(settings.map(([row]) => row!.pid)).size).toBeGreaterThan(1);
    expect(settings.map(([row]) => row!.jit)).toEqual(Array.from({ length: 10 }, () => 'off'));
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBarePglite, openTestDatabase, type TestDatabase } from '../test-support/test-database.ts';
import type { Executor } from './database.ts';
import { pgliteGivingTurns } from './pglite-turns.ts';

const STATEMENTS = 200;

/**
 * Runs `STATEMENTS` statements one after another with a callback queued for the event loop's next turn before the
 * first (as a request's socket callback waits), and says after how many statements it ran: STATEMENTS when it waited
 * for the whole chain, as every other request would have.
 */
async function statementsBeforeTurn(run: () => Promise<unknown>): Promise<number> {
  let done = 0;
  let ranAfter: number | null = null;
  const waiting = setImmediate(() => (ranAfter = done));
  for (; done < STATEMENTS; done += 1) await run();
  clearImmediate(waiting);
  return ranAfter ?? STATEMENTS;
}

describe('a chain of statements on the embedded database lets the rest of the server run (docs/decisions/084)', () => {
  it('a bare PGlite holds the event loop for the whole chain; with a turn per statement, what waits runs after the first', async () => {
    const client = await openBarePglite();
    try {
      expect(await statementsBeforeTurn(() => client.query('select 1'))).toBe(STATEMENTS);
      pgliteGivingTurns(client);
      expect(await statementsBeforeTurn(() => client.query('select 1'))).toBeLessThanOrEqual(1);
      expect(await statementsBeforeTurn(() => client.exec('select 1'))).toBeLessThanOrEqual(1);
      await client.transaction(async (tx) => {
        expect(await statementsBeforeTurn(() => tx.query('select 1'))).toBeLessThanOrEqual(1);
      });
      // The answers and errors are the statements' own.
      expect((await client.query<{ n: number }>('select $1::int as n', [7])).rows).toEqual([{ n: 7 }]);
      await expect(client.query('select * from no_such_table')).rejects.toThrow(/no_such_table/);
    } finally {
      await client.close();
    }
  });

  describe("the server's database, as repositories use it", () => {
    let opened: TestDatabase;
    beforeAll(async () => void (opened = await openTestDatabase()));
    afterAll(async () => {
      await opened.handle.close();
      await opened.drop();
    });

    it('gives the event loop a turn between statements, in and out of a transaction (PGlite and PostgreSQL)', async () => {
      const { db } = opened.handle;
      const select = (executor: Executor) => () => executor.execute(sql`select 1`);
      expect(await statementsBeforeTurn(select(db))).toBeLessThanOrEqual(1);
      await db.transaction(async (tx) => {
        expect(await statementsBeforeTurn(select(tx))).toBeLessThanOrEqual(1);
      });
    });
  });
});

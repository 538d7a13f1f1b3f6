import { setImmediate } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';

type AnyCall = (...args: unknown[]) => unknown;
type Loose = Record<'query' | 'exec' | 'transaction', AnyCall>;

/**
 * A PGlite whose statements each hand their result back on the next turn of the event loop.
 *
 * PGlite runs PostgreSQL inside this process: a statement is WebAssembly work that resolves its promise without any
 * I/O, so a chain of statements (a job's hundreds, a top-up's thousands) holds the event loop from the first to the
 * last, and every other request, timer and socket waits. Measured on the data copy's job: 3.7 s without a turn. A
 * turn per statement lets what waits run between two statements. Results are handed back on a macrotask
 * (`setImmediate`), which runs after pending I/O callbacks, not on a microtask, which would not. PostgreSQL over a
 * socket needs none of this: each answer arrives as I/O.
 *
 * Wrap outside the statement timers (`observedPglite`), so a statement's duration is its own and not the turn's.
 */
export function pgliteGivingTurns(client: PGlite): PGlite {
  const loose = client as unknown as Loose;
  giveTurns(loose);
  const transaction = loose.transaction.bind(client);
  loose.transaction = (...args: unknown[]) => {
    const work = args[0] as (tx: Loose) => unknown;
    return transaction((tx: Loose) => {
      giveTurns(tx);
      return work(tx);
    });
  };
  return client;
}

function giveTurns(target: Pick<Loose, 'query' | 'exec'>): void {
  for (const method of ['query', 'exec'] as const) {
    const call = target[method].bind(target);
    target[method] = async (...args: unknown[]) => {
      try {
        return await call(...args);
      } finally {
        await setImmediate();
      }
    };
  }
}

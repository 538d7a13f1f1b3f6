import { AsyncLocalStorage } from 'node:async_hooks';
import DataLoader from 'dataloader';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from './database.ts';

/**
 * One read of rows, with how to turn its rows into an answer. `decode` receives each row either as the driver gives
 * it (alone) or as JSON (together): timestamps as Date or ISO text, `numeric` as text or a JSON number, so it must
 * accept both (`new Date(value)`, `Number(value)`; exact amounts cast to `::text` in the SQL stay text either way).
 */
export type Read<T> = {
  /** Null when there is nothing to read (no contracts, say): the answer is `decode([])`, without a statement. */
  sql: SQL | null;
  /** Columns of the read's rows that give their order (a subquery's own ORDER BY does not order an aggregate). */
  orderBy: readonly string[];
  decode: (rows: Record<string, unknown>[]) => T;
};

type Answers<Reads extends readonly Read<unknown>[]> = { -readonly [Index in keyof Reads]: Reads[Index] extends Read<infer T> ? T : never };

/** A read with nothing to ask the database: its answer is known (a running period's end when none runs, say). */
export function nothingToRead<T>(answer: T): Read<T> {
  return { sql: null, orderBy: [], decode: () => answer };
}

/** `part.column, …` of a read's order. */
const orderOf = (read: Read<unknown>) =>
  sql.join(
    read.orderBy.map((column) => sql`part.${sql.identifier(column)}`),
    sql`, `,
  );

/** A read in a statement of its own, its rows in its order (the same order as together). */
async function sendAlone<T>(executor: Executor, read: Read<T>): Promise<T> {
  if (!read.sql) return read.decode([]);
  const ordered = read.orderBy.length > 0 ? sql`select * from (${read.sql}) part order by ${orderOf(read)}` : read.sql;
  return read.decode(await queryRows<Record<string, unknown>>(executor, ordered));
}

async function sendTogether(executor: Executor, reads: readonly Read<unknown>[]): Promise<unknown[]> {
  const toRead = reads.filter((read) => read.sql !== null);
  if (toRead.length <= 1) return Promise.all(reads.map((read) => sendAlone(executor, read)));
  const columns = toRead.map(
    (read, index) =>
      sql`(select coalesce(json_agg(part order by ${orderOf(read)}), '[]'::json) from (${read.sql}) part) as ${sql.identifier(`read${index}`)}`,
  );
  const [row] = await queryRows<Record<string, Record<string, unknown>[]>>(executor, sql`select ${sql.join(columns, sql`, `)}`);
  return reads.map((read) => read.decode(read.sql ? row![`read${toRead.indexOf(read)}`]! : []));
}

/** The batch the reads of the running work join, with the executor it reads through (see `readsInOneTurn`). */
const batchOfWork = new AsyncLocalStorage<{ executor: Executor; loader: DataLoader<Read<unknown>, unknown> }>();

/** The batch a read through `executor` joins: only the batch's own executor's, never a transaction's. */
function batchFor(executor: Executor) {
  const batch = batchOfWork.getStore();
  return batch?.executor === executor ? batch.loader : null;
}

/** One read, as a statement of its own (or its share of the running work's batch: `readsInOneTurn`). */
export async function readAlone<T>(executor: Executor, read: Read<T>): Promise<T> {
  const batch = batchFor(executor);
  return batch && read.sql ? ((await batch.load(read)) as T) : sendAlone(executor, read);
}

/**
 * Independent reads in one statement (issue 30, decision 135): each read's rows as a JSON array, so the database
 * plans and runs them in one round trip instead of one statement each. Answers in the order of `reads`; a single
 * read is sent as it is, and one with nothing to read sends nothing.
 */
export async function readTogether<const Reads extends readonly Read<unknown>[]>(
  executor: Executor,
  reads: Reads,
): Promise<Answers<Reads>> {
  const batch = batchFor(executor);
  if (!batch) return (await sendTogether(executor, reads)) as Answers<Reads>;
  return (await Promise.all(reads.map((read) => (read.sql ? batch.load(read) : read.decode([]))))) as Answers<Reads>;
}

/**
 * Runs `work`, whose parts run side by side (the cards of one page, decision 136), with every `readAlone` and
 * `readTogether` it makes through `executor` in the same turn of the event loop sent as one statement: the parts
 * that wait for the same rows resume together, and their next reads go together. DataLoader gathers them (it runs a
 * batch once the promise jobs of the turn are done); AsyncLocalStorage tells a read which work it belongs to, so the
 * functions that read need no parameter for it. A failed statement fails each read in it.
 */
export function readsInOneTurn<T>(executor: Executor, work: () => Promise<T>): Promise<T> {
  const loader = new DataLoader<Read<unknown>, unknown>((reads) => sendTogether(executor, reads), { cache: false });
  return batchOfWork.run({ executor, loader }, work);
}

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

/** One read, as a statement of its own. */
export async function readAlone<T>(executor: Executor, read: Read<T>): Promise<T> {
  return read.decode(read.sql ? await queryRows<Record<string, unknown>>(executor, read.sql) : []);
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
  const toRead = reads.filter((read) => read.sql !== null);
  if (toRead.length <= 1) return (await Promise.all(reads.map((read) => readAlone(executor, read)))) as Answers<Reads>;
  const columns = toRead.map((read, index) => {
    const order = sql.join(
      read.orderBy.map((column) => sql`part.${sql.identifier(column)}`),
      sql`, `,
    );
    return sql`(select coalesce(json_agg(part order by ${order}), '[]'::json) from (${read.sql}) part) as ${sql.identifier(`read${index}`)}`;
  });
  const [row] = await queryRows<Record<string, Record<string, unknown>[]>>(executor, sql`select ${sql.join(columns, sql`, `)}`);
  return reads.map((read) => read.decode(read.sql ? row![`read${toRead.indexOf(read)}`]! : [])) as Answers<Reads>;
}

import { sql } from 'drizzle-orm';
import { check, text, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A text column holding one value of a fixed list (an enumeration of spec §3): typed in TypeScript by the list,
 * and paired with `oneOf` in the table's constraints so the database refuses a value the code does not know,
 * whoever writes the row (an import, a hand-run statement, an older server copy).
 */
export function enumText<const T extends readonly string[]>(name: string, _values: T) {
  return text(name).$type<T[number]>();
}

/** The values as a list of SQL string literals, for an IN (…) of a CHECK constraint. */
export const quoted = (values: readonly string[]) => values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');

/** CHECK (column IN (…values)); NULL passes, so nullable enum columns stay nullable. */
export function oneOf(name: string, column: AnyPgColumn, values: readonly string[]) {
  return check(name, sql`${column} in (${sql.raw(quoted(values))})`);
}

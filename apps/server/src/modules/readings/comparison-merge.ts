import { localDate, monthStart } from '@portal/schema/calendar-dates';

/**
 * Spec §7: a comparison series N years back is merged into the main series by matching date. Both sides
 * carry a local wall-clock key (the comparison's already shifted forward by N years), so 1 March 2026 meets
 * 1 March 2025 whatever weekday or DST offset either has.
 *
 * A key can occur more than once: the repeated hour of an autumn DST change, or 29 February clamped onto the
 * 28th. Occurrences pair in order; comparison values left over once the main occurrences are used up add
 * into the last one with `combine` (energy adds up; averages pass a mean), and a main occurrence with no partner gets null.
 */
export function mergeComparison<M extends { key: string }, C extends { key: string }>(
  main: M[],
  comparison: C[],
  valueOf: (row: C) => number | null,
  combine: (a: number, b: number) => number = (a, b) => a + b,
): (M & { comparison: number | null })[] {
  const mainCount = new Map<string, number>();
  for (const row of main) mainCount.set(row.key, (mainCount.get(row.key) ?? 0) + 1);

  const paired = new Map<string, (number | null)[]>();
  for (const row of comparison) {
    const slots = paired.get(row.key) ?? [];
    const value = valueOf(row);
    const limit = mainCount.get(row.key) ?? 1;
    if (slots.length < limit) slots.push(value);
    else if (value !== null) {
      const last = slots[slots.length - 1];
      slots[slots.length - 1] = last === null || last === undefined ? value : combine(last, value);
    }
    paired.set(row.key, slots);
  }

  const seen = new Map<string, number>();
  return main.map((row) => {
    const index = seen.get(row.key) ?? 0;
    seen.set(row.key, index + 1);
    return { ...row, comparison: paired.get(row.key)?.[index] ?? null };
  });
}

/**
 * Decision 133: a running period's total is compared with the same days N years back, to today's date, not with the
 * whole period back. `end` is that date N years back (YYYY-MM-DD on the site's clock). Rows by day or finer are kept up
 * to it; rows by month are kept for the months before `end`'s, whose days to `end` the caller reads apart
 * (`runningMonthDays`, from `monthStart(end)`), as a month's bucket cannot be cut.
 */
export function sameDaysBack<R extends { bucket: Date }>(
  rows: R[],
  { byMonth, end, timezone, runningMonthDays = [] }: { byMonth: boolean; end: string; timezone: string; runningMonthDays?: R[] },
): R[] {
  const day = (row: R) => localDate(row.bucket, timezone);
  if (!byMonth) return rows.filter((row) => day(row) <= end);
  const runningMonth = monthStart(end);
  return [...rows.filter((row) => day(row) < runningMonth), ...runningMonthDays];
}

import { monthStart } from '@portal/schema/calendar-dates';

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
 * Decision 133: a running period's total is compared with the same stretch N years back, up to the moment its readings
 * end (`readingsEnd`), not with the whole period back. `until` is that moment as a wall-clock key (`YYYY-MM-DDTHH:mm`);
 * the rows' keys are already shifted forward N years, so they compare with it directly. Hours and finer buckets are kept
 * before `until`. A day's bucket cannot be cut: days are kept before `until`'s day, and its part up to `until` is
 * `untilDayBackWh`. By month, the months before `until`'s count whole and the running month's days come from
 * `runningMonthDays` (read by day, keys shifted the same way). Null when no bucket holds a value.
 */
export function sameStretchBackTotal<R extends { key: string }>(
  rows: R[],
  valueOf: (row: R) => number | null,
  {
    resolution,
    until,
    untilDayBackWh,
    runningMonthDays = [],
  }: { resolution: string; until: string; untilDayBackWh: number | null; runningMonthDays?: R[] },
): number | null {
  const untilDay = `${until.slice(0, 10)}T00:00`;
  const kept =
    resolution === 'month'
      ? [
          ...rows.filter((row) => row.key < `${monthStart(until.slice(0, 10))}T00:00`),
          ...runningMonthDays.filter((row) => row.key < untilDay),
        ]
      : resolution === 'day'
        ? rows.filter((row) => row.key < untilDay)
        : rows.filter((row) => row.key < until);
  const values = kept.map(valueOf).filter((value): value is number => value !== null);
  const partOfDay = resolution === 'month' || resolution === 'day' ? untilDayBackWh : null;
  if (values.length === 0 && partOfDay === null) return null;
  return values.reduce((sum, value) => sum + value, partOfDay ?? 0);
}

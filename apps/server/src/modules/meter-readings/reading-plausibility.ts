import { daysBetween } from '@portal/schema/calendar-dates';
import { registerDecimal, registerThousandths, type RegisterUnit } from '@portal/schema/meter-readings';

/*
 * Whether a register reading a customer typed can be right (docs/decisions/112). Values are compared in thousandths
 * of their unit as integers: a register has at most three decimals, so no float ever decides (rule 5).
 */

/**
 * The most a hand-read meter of each unit plausibly counts in a day when its own history says nothing higher: the
 * coldest day of a large household, with margin. Gas: a gas-heated detached house in Latvia uses 2,000–3,000 m³ a
 * year, its coldest days about three times the average (≈ 20 m³). Heat: a flat on district heat uses 8–12 MWh a year,
 * a small house up to 30 (its coldest day ≈ 0.25 MWh). Electricity: an electrically heated house ≈ 80 kWh.
 */
export const DAILY_MAXIMUM: Record<RegisterUnit, string> = { m3: '30', MWh: '0.5', kWh: '100' };
/** A meter may count this many times its own busiest period of the past year (a cold snap, a new tenant). */
export const HISTORY_FACTOR = 3;
/** How far back the meter's own busiest period is looked for. */
export const HISTORY_DAYS = 400;

/** A register the portal stored or checked, as integer thousandths; anything else is a fault of ours, not input. */
export function thousandths(value: string): number {
  const parsed = registerThousandths(value);
  if (parsed === null) throw new Error(`Not a register value: ${value}`);
  return parsed;
}

type Earlier = { readOn: string; value: string; meterChanged: boolean };

export type Verdict =
  | { ok: true }
  | { ok: false; code: 'METER_READING_BELOW_LAST'; last: string }
  | { ok: false; code: 'METER_READING_IMPLAUSIBLE'; allowed: string; days: number };

/**
 * The verdict on `value` read on `readOn`, given the meter's readings not replaced of the last HISTORY_DAYS, newest
 * first (the newest of any age when older). Lower than the last reading is refused unless the meter was changed;
 * a changed meter starts a new register and is not compared. Otherwise the consumption since the last reading may
 * be at most `days × max(DAILY_MAXIMUM, HISTORY_FACTOR × the busiest daily rate between two of the meter's readings)`.
 */
export function judgeReading(
  { value, readOn, meterChanged, unit }: { value: string; readOn: string; meterChanged: boolean; unit: RegisterUnit },
  earlier: readonly Earlier[],
): Verdict {
  const last = earlier[0];
  if (!last || meterChanged) return { ok: true };
  const used = thousandths(value) - thousandths(last.value);
  if (used < 0) return { ok: false, code: 'METER_READING_BELOW_LAST', last: last.value };
  let busiest = 0;
  for (let index = 0; index + 1 < earlier.length; index++) {
    const newer = earlier[index]!;
    const older = earlier[index + 1]!;
    const days = daysBetween(older.readOn, newer.readOn);
    // A meter change starts a new register: the difference across it is no consumption.
    if (newer.meterChanged || days <= 0) continue;
    busiest = Math.max(busiest, (thousandths(newer.value) - thousandths(older.value)) / days);
  }
  const perDay = Math.max(thousandths(DAILY_MAXIMUM[unit]), Math.ceil(HISTORY_FACTOR * busiest));
  const days = Math.max(1, daysBetween(last.readOn, readOn));
  const allowed = perDay * days;
  if (used > allowed)
    return { ok: false, code: 'METER_READING_IMPLAUSIBLE', allowed: registerDecimal(thousandths(last.value) + allowed), days };
  return { ok: true };
}

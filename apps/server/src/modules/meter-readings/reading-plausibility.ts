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

type Neighbour = { readOn: string; value: string; meterChanged: boolean };

/** Why a reading cannot be right, with what the message needs; every one is OVERRIDABLE_READING_CHECKS' (decision 130). */
export type Refusal =
  | { code: 'METER_READING_BELOW_LAST'; last: string }
  | { code: 'METER_READING_IMPLAUSIBLE'; allowed: string; days: number }
  | { code: 'METER_READING_ABOVE_NEXT'; next: string; nextOn: string }
  | { code: 'METER_READING_TOO_LOW_FOR_NEXT'; lowest: string; next: string; nextOn: string; days: number };

export type Verdict = { ok: true } | ({ ok: false } & Refusal);

/** The busiest daily rate, in thousandths a day, between two neighbouring readings of one register (newest first). */
function busiestRate(readings: readonly Neighbour[]): number {
  let busiest = 0;
  for (let index = 0; index + 1 < readings.length; index++) {
    const newer = readings[index]!;
    const older = readings[index + 1]!;
    const days = daysBetween(older.readOn, newer.readOn);
    // A meter change starts a new register: the difference across it is no consumption.
    if (newer.meterChanged || days <= 0) continue;
    busiest = Math.max(busiest, (thousandths(newer.value) - thousandths(older.value)) / days);
  }
  return busiest;
}

/**
 * The verdict on `value` read on `readOn`, between the meter's readings not replaced: `earlier` read on that day or
 * before, newest first (those of the last HISTORY_DAYS, or the newest of any age when older), and `later` read after
 * it, oldest first (a reading for a past day, decision 130). The consumption on either side may be at most
 * `days × max(DAILY_MAXIMUM, HISTORY_FACTOR × the busiest daily rate between two of the meter's readings)`.
 *
 * Before: lower than the reading before is refused unless the meter was changed; a changed meter starts a new register
 * and is not compared with the old one. After: the next reading, unless it starts a new meter itself, may be neither
 * lower than this one nor so much higher that the days between could not have used it.
 */
export function judgeReading(
  { value, readOn, meterChanged, unit }: { value: string; readOn: string; meterChanged: boolean; unit: RegisterUnit },
  earlier: readonly Neighbour[],
  later: readonly Neighbour[] = [],
): Verdict {
  const perDay = Math.max(thousandths(DAILY_MAXIMUM[unit]), Math.ceil(HISTORY_FACTOR * busiestRate([...later].reverse().concat(earlier))));
  const typed = thousandths(value);
  const last = earlier[0];
  if (last && !meterChanged) {
    const used = typed - thousandths(last.value);
    if (used < 0) return { ok: false, code: 'METER_READING_BELOW_LAST', last: last.value };
    const days = Math.max(1, daysBetween(last.readOn, readOn));
    const allowed = perDay * days;
    if (used > allowed)
      return { ok: false, code: 'METER_READING_IMPLAUSIBLE', allowed: registerDecimal(thousandths(last.value) + allowed), days };
  }
  const next = later[0];
  if (next && !next.meterChanged) {
    const used = thousandths(next.value) - typed;
    if (used < 0) return { ok: false, code: 'METER_READING_ABOVE_NEXT', next: next.value, nextOn: next.readOn };
    const days = Math.max(1, daysBetween(readOn, next.readOn));
    const allowed = perDay * days;
    if (used > allowed) {
      return {
        ok: false,
        code: 'METER_READING_TOO_LOW_FOR_NEXT',
        lowest: registerDecimal(thousandths(next.value) - allowed),
        next: next.value,
        nextOn: next.readOn,
        days,
      };
    }
  }
  return { ok: true };
}

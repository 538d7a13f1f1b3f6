import { addDays, MAX_DATE } from '@portal/schema/calendar-dates';
import type { ContractType, CustomerType, OperatingCountryCode, Utility } from '@portal/schema/enums';
import type { VatSupply } from '../../db/schema/vat-rates.ts';

/**
 * VAT at the rate in force on the day of supply (docs/decisions/093-vat-at-the-rate-of-the-supply-date.md): the one
 * function every price, cost and invoice asks, over the rows of the `vat_rate` table (db/schema/vat-rates.ts).
 * `vatRangesSql` in pricing-sql.ts is the same rule in SQL; pricing.test.ts holds the two to each other.
 *
 * Rules:
 * - A row applies to a supply of its country when each of its utility, supply and customer type is null or equal.
 * - A row is in force from its `validFrom` to the day before the next row of the same columns starts, or to its
 *   `validTo` when the law enacted it for a fixed time (Finland's 10 % on the sale of electricity in 2022–2023).
 * - On a day, the most specific row in force wins: a utility outweighs a supply, which outweighs a customer type
 *   (so two rows in force never tie unless they are the same series).
 */

export type VatRateRow = {
  countryCode: OperatingCountryCode;
  utility: Utility | null;
  supply: VatSupply | null;
  customerType: CustomerType | null;
  /** First and last local day (inclusive); `validTo` null: until the next row of the series. */
  validFrom: string;
  validTo: string | null;
  permille: number;
};

/** What decides a supply's rate: where, what, to whom. The country is the site's (a site sells in its country). */
export type VatKey = { countryCode: OperatingCountryCode; utility: Utility; supply: VatSupply; customerType: CustomerType };

/** Days `from`–`to` (local dates, inclusive) taxed at one rate; `to` is MAX_DATE while no later change is known. */
export type VatPeriod = { from: string; to: string; permille: number };

/** The rates of one key through time: periods in date order, not overlapping, merged where the rate stays. */
export type VatSchedule = readonly VatPeriod[];

/** Grid contracts sell the network service; every other contract type sells the energy (heat included). */
export const NETWORK_CONTRACT_TYPES: readonly ContractType[] = ['GridContract', 'GasGridContract'];

export const supplyOf = (contractType: ContractType): VatSupply => (NETWORK_CONTRACT_TYPES.includes(contractType) ? 'network' : 'energy');

/** Weights of the columns that narrow a row: distinct powers of two, so rows of different series never tie. */
export const SPECIFICITY = { utility: 4, supply: 2, customerType: 1 } as const;

const specificity = (row: VatRateRow) =>
  (row.utility === null ? 0 : SPECIFICITY.utility) +
  (row.supply === null ? 0 : SPECIFICITY.supply) +
  (row.customerType === null ? 0 : SPECIFICITY.customerType);

const appliesTo = (row: VatRateRow, key: VatKey) =>
  row.countryCode === key.countryCode &&
  (row.utility === null || row.utility === key.utility) &&
  (row.supply === null || row.supply === key.supply) &&
  (row.customerType === null || row.customerType === key.customerType);

const seriesOf = (row: VatRateRow) => `${row.countryCode}|${row.utility}|${row.supply}|${row.customerType}`;

/** Each row with the days it is in force, within its own series. */
function rowRanges(rows: readonly VatRateRow[]) {
  const series = new Map<string, VatRateRow[]>();
  for (const row of rows) series.set(seriesOf(row), [...(series.get(seriesOf(row)) ?? []), row]);
  return [...series.values()].flatMap((list) => {
    const sorted = [...list].sort((a, b) => a.validFrom.localeCompare(b.validFrom));
    return sorted.map((row, index) => {
      const next = sorted[index + 1];
      const untilNext = next ? addDays(next.validFrom, -1) : MAX_DATE;
      const to = row.validTo !== null && row.validTo < untilNext ? row.validTo : untilNext;
      return { from: row.validFrom, to, permille: row.permille, weight: specificity(row) };
    });
  });
}

/**
 * The schedule of one key: at each day the most specific row in force. Days no row covers (before the first
 * row) have no period; asking for a rate there is an error (`vatPermilleOn`, `vatStretches`).
 */
export function vatSchedule(rows: readonly VatRateRow[], key: VatKey): VatSchedule {
  const ranges = rowRanges(rows.filter((row) => appliesTo(row, key))).filter((range) => range.from <= range.to);
  // The rate can change only where a range starts or the day after one ends.
  const starts = new Set<string>();
  for (const range of ranges) {
    starts.add(range.from);
    if (range.to < MAX_DATE) starts.add(addDays(range.to, 1));
  }
  const boundaries = [...starts].sort();
  const periods: VatPeriod[] = [];
  boundaries.forEach((from, index) => {
    const to = index + 1 < boundaries.length ? addDays(boundaries[index + 1]!, -1) : MAX_DATE;
    const winner = ranges
      .filter((range) => range.from <= from && from <= range.to)
      .reduce<(typeof ranges)[number] | null>((best, range) => (best === null || range.weight > best.weight ? range : best), null);
    if (!winner) return;
    const last = periods.at(-1);
    if (last && last.permille === winner.permille && addDays(last.to, 1) === from) last.to = to;
    else periods.push({ from, to, permille: winner.permille });
  });
  return periods;
}

/** Thrown when the table has no rate for a day asked: a missing row is a gap in the law's record, not a zero rate. */
export class MissingVatRate extends Error {
  constructor(date: string) {
    super(`No VAT rate in force on ${date}: the vat_rate table must reach back to every day priced`);
    this.name = 'MissingVatRate';
  }
}

/** The rate (per mille) in force on a local date. */
export function vatPermilleOn(schedule: VatSchedule, date: string): number {
  const period = schedule.find((candidate) => candidate.from <= date && date <= candidate.to);
  if (!period) throw new MissingVatRate(date);
  return period.permille;
}

/** The days `from`–`to` (inclusive) cut at every rate change, each stretch with its rate, in date order. */
export function vatStretches(schedule: VatSchedule, from: string, to: string): VatPeriod[] {
  const stretches: VatPeriod[] = [];
  let day = from;
  while (day <= to) {
    const period = schedule.find((candidate) => candidate.from <= day && day <= candidate.to);
    if (!period) throw new MissingVatRate(day);
    const end = period.to < to ? period.to : to;
    stretches.push({ from: day, to: end, permille: period.permille });
    if (end === MAX_DATE) break;
    day = addDays(end, 1);
  }
  return stretches;
}

import { divideRounded, whToKwh } from '../../platform/exact-money.ts';

/**
 * The arithmetic of "why is this bill different" (docs/decisions/117), free of I/O: heating degree days, the fit of
 * daily consumption on them, and the exact split of a change of the bill into parts. Money is integer cents (bigint)
 * throughout; only the weather's kWh come from the floating-point fit, and they are rounded to the Wh before any money
 * is computed from them.
 */

/** How a country counts heating degree days of a day from its mean outdoor temperature (°C) and its month (1–12). */
export type DegreeDayRule = { baseCelsius: number; degreeDays: (meanCelsius: number, month: number) => number };

/**
 * Finland: the Finnish Meteorological Institute's lämmitystarveluku S17, 17 °C minus the day's mean, leaving out days
 * warmer than +10 °C in spring and +12 °C in autumn (we take spring as January–June and autumn as July–December).
 */
const FINNISH_S17: DegreeDayRule = {
  baseCelsius: 17,
  degreeDays: (mean, month) => (mean > (month <= 6 ? 10 : 12) ? 0 : Math.max(0, 17 - mean)),
};

/** Estonia and Latvia: Eurostat's heating degree days, 18 °C minus the day's mean on days below the 15 °C threshold. */
const EUROSTAT_18: DegreeDayRule = { baseCelsius: 18, degreeDays: (mean) => (mean < 15 ? 18 - mean : 0) };

export function degreeDayRule(countryCode: string): DegreeDayRule {
  return countryCode === 'FI' ? FINNISH_S17 : EUROSTAT_18;
}

/** Fewer days than this of both readings and temperatures, and no fit is attempted. */
export const MIN_FIT_DAYS = 60;
/** A fit explaining less of the daily variation than this is not used. */
export const MIN_R_SQUARED = 0.3;

export type HeatingFit =
  | { unavailable: null; days: number; kwhPerDegreeDay: number; baseKwhPerDay: number; rSquared: number }
  | { unavailable: 'NOT_ENOUGH_DATA' | 'POOR_FIT'; days: number };

/**
 * Ordinary least squares of daily kWh on daily degree days: kWh = base + slope × HDD. The slope is the heating-sensitive
 * use per degree day. A slope not above zero (use that does not rise with cold) or R² below MIN_R_SQUARED is a poor fit.
 */
export function fitHeating(days: readonly { kwh: number; degreeDays: number }[]): HeatingFit {
  const count = days.length;
  if (count < MIN_FIT_DAYS) return { unavailable: 'NOT_ENOUGH_DATA', days: count };
  const meanX = days.reduce((sum, day) => sum + day.degreeDays, 0) / count;
  const meanY = days.reduce((sum, day) => sum + day.kwh, 0) / count;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const day of days) {
    const dx = day.degreeDays - meanX;
    const dy = day.kwh - meanY;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return { unavailable: 'POOR_FIT', days: count };
  const slope = sxy / sxx;
  const rSquared = (sxy * sxy) / (sxx * syy);
  if (slope <= 0 || rSquared < MIN_R_SQUARED) return { unavailable: 'POOR_FIT', days: count };
  return { unavailable: null, days: count, kwhPerDegreeDay: slope, baseKwhPerDay: meanY - slope * meanX, rSquared };
}

/** What one bill's period used and cost, exactly: Wh and cents, VAT included; the energy's cost is what is left. */
export type PeriodMoney = { wh: bigint; totalCents: bigint; fixedChargesCents: bigint; powerChargeCents: bigint };

/** The energy's part of a period's cost: the total less the monthly fees and the power charge. */
export const energyCentsOf = (money: PeriodMoney) => money.totalCents - money.fixedChargesCents - money.powerChargeCents;

export type BillChangeParts = {
  totalCents: bigint;
  consumptionCents: bigint;
  priceCents: bigint;
  fixedChargesCents: bigint;
  powerChargeCents: bigint;
  wh: bigint;
  weather: { wh: bigint; cents: bigint; ownUseWh: bigint; ownUseCents: bigint } | null;
};

/**
 * The change from `previous` to `current` in parts that add up to it exactly (the midpoint, or Shapley, split of a
 * product Q × P into a volume and a price effect). With E the energy cost (total minus fixed charges and the power
 * charge), Q the Wh and P = E / Q:
 *
 *   consumption = ΔQ × (P₁ + P₀) / 2 = ΔQ × (E₁·Q₀ + E₀·Q₁) / (2·Q₁·Q₀), rounded to the cent once;
 *   price       = ΔE − consumption, which is ΔP × (Q₁ + Q₀) / 2 exactly, plus the consumption part's rounding;
 *   fixed       = ΔF (whole cents already);
 *   power       = the power charge's change (whole cents already): billed by the month's peak kW, not by the kWh, so
 *                 neither the consumption nor the price per kWh (decision 119).
 *
 * The weather's Wh (the fit's slope × the change of degree days, rounded to the Wh) are priced the same way as the
 * consumption part; own use is the consumption part minus the weather's, so it takes the weather part's rounding.
 * Both periods must have consumption (Q > 0).
 */
export function splitBillChange(current: PeriodMoney, previous: PeriodMoney, weatherWh: bigint | null): BillChangeParts {
  const energy1 = energyCentsOf(current);
  const energy0 = energyCentsOf(previous);
  const numerator = energy1 * previous.wh + energy0 * current.wh;
  const denominator = 2n * current.wh * previous.wh;
  const wh = current.wh - previous.wh;
  const consumptionCents = divideRounded(wh * numerator, denominator);
  const weatherCents = weatherWh === null ? null : divideRounded(weatherWh * numerator, denominator);
  return {
    totalCents: current.totalCents - previous.totalCents,
    consumptionCents,
    priceCents: energy1 - energy0 - consumptionCents,
    fixedChargesCents: current.fixedChargesCents - previous.fixedChargesCents,
    powerChargeCents: current.powerChargeCents - previous.powerChargeCents,
    wh,
    weather:
      weatherWh === null || weatherCents === null
        ? null
        : { wh: weatherWh, cents: weatherCents, ownUseWh: wh - weatherWh, ownUseCents: consumptionCents - weatherCents },
  };
}

/** Energy cost per kWh as c/kWh with three decimals ("12.345"); null without consumption. */
export function averagePriceText(energyCents: bigint, wh: bigint): string | null {
  if (wh === 0n) return null;
  // cents / Wh × 1000 = c/kWh; × 1000 more for three decimals.
  return whToKwh(divideRounded(energyCents * 1_000_000n, wh));
}

/** Wh as kWh with three decimals, as a number for the answer (exact below 2⁵³ Wh). */
export const kwhOf = (wh: bigint) => Number(whToKwh(wh));
/** Degree days with one decimal. */
export const roundDegreeDays = (value: number) => Math.round(value * 10) / 10;

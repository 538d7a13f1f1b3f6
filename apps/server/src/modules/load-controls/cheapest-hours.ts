/**
 * ★ The arithmetic of a cheapest-hours plan (docs/decisions/063-cheapest-hours-plan.md), free of I/O. Prices are
 * kept in integers (hundredths of €/MWh, as published with two decimals) and the cost is rounded once, at the end.
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;

export type PublishedPeriod = { startsAt: Date; resolutionMinutes: number; eurPerMwh: string };
/** One hour of the window: the sum of price × minutes over its periods (hundredths of €/MWh × minutes). */
export type PricedHour = { startsAt: Date; priceMinutes: bigint };

const hundredths = (eurPerMwh: string) => BigInt(Math.round(Number(eurPerMwh) * 100));

/**
 * Each hour of [from, to) with its published prices, weighted by the minutes each period covers (four 15-minute
 * prices, or one hourly price before October 2025). Null when any hour is not fully priced yet.
 */
export function pricedHours(periods: PublishedPeriod[], from: Date, to: Date): PricedHour[] | null {
  const hours: PricedHour[] = [];
  for (let start = from.getTime(); start < to.getTime(); start += HOUR) {
    let minutes = 0;
    let priceMinutes = 0n;
    for (const period of periods) {
      const periodStart = period.startsAt.getTime();
      const periodEnd = periodStart + period.resolutionMinutes * MINUTE;
      const overlap = (Math.min(periodEnd, start + HOUR) - Math.max(periodStart, start)) / MINUTE;
      if (overlap <= 0) continue;
      minutes += overlap;
      priceMinutes += hundredths(period.eurPerMwh) * BigInt(Math.round(overlap));
    }
    if (minutes !== 60) return null;
    hours.push({ startsAt: new Date(start), priceMinutes });
  }
  return hours;
}

/** c/kWh without VAT of an hour's average, three decimals (what the chart shows). */
export const centsPerKwhOf = (hour: PricedHour) => Math.round(Number(hour.priceMinutes) / 60) / 1000;

/** The `needed` cheapest hours, as indexes into `hours`; on equal prices the earlier hour wins. */
export function cheapestHours(hours: PricedHour[], needed: number): Set<number> {
  const ranked = hours
    .map((hour, index) => ({ index, price: hour.priceMinutes }))
    .sort((a, b) => (a.price < b.price ? -1 : a.price > b.price ? 1 : a.index - b.index));
  return new Set(ranked.slice(0, needed).map((entry) => entry.index));
}

/**
 * The `needed` cheapest hours that are not in `avoid` (hours that would raise the month's power peak, decision 128).
 * When too few are left, the cheapest of the avoided hours make up the rest, and `raised` says the plan could not
 * keep under the peak.
 */
export function cheapestHoursAvoiding(hours: PricedHour[], needed: number, avoid: Set<number>): { chosen: Set<number>; raised: boolean } {
  const allowed = hours.map((_, index) => index).filter((index) => !avoid.has(index));
  const chosen = new Set(
    [
      ...cheapestHours(
        allowed.map((index) => hours[index]!),
        needed,
      ),
    ].map((position) => allowed[position]!),
  );
  if (chosen.size >= needed) return { chosen, raised: false };
  const avoided = [...avoid].sort((a, b) => a - b);
  const extra = cheapestHours(
    avoided.map((index) => hours[index]!),
    needed - chosen.size,
  );
  for (const position of extra) chosen.add(avoided[position]!);
  return { chosen, raised: true };
}

/**
 * Energy cost in euro cents with VAT of running `ratedW` for an hour in each of `hours`, each hour at the rate in
 * force on its local day (`vatPermilleOf`, decision 093):
 * W × (hundredths €/MWh × minutes) / 60 → W·€/MWh; ÷ 10⁶ → cents; × (1000 + VAT‰) / 1000.
 */
export function costCents(hours: PricedHour[], ratedW: number, vatPermilleOf: (hour: PricedHour) => number): number {
  const sum = hours.reduce((total, hour) => total + hour.priceMinutes * BigInt(1000 + vatPermilleOf(hour)), 0n) * BigInt(ratedW);
  const divisor = 60n * 1_000_000n * 1000n;
  // Round half away from zero (prices can be negative).
  const rounded = sum >= 0n ? (sum * 2n + divisor) / (2n * divisor) : -((-sum * 2n + divisor) / (2n * divisor));
  return Number(rounded);
}

/** Where the relay switches: off at the start unless the first hour runs, on and off around each run, on again at the end. */
export function switchesOf(hours: PricedHour[], chosen: Set<number>, windowEnd: Date): { at: Date; state: 'on' | 'off' }[] {
  const switches: { at: Date; state: 'on' | 'off' }[] = [];
  let previous: 'on' | 'off' | null = null;
  hours.forEach((hour, index) => {
    const state = chosen.has(index) ? 'on' : 'off';
    if (state !== previous) switches.push({ at: hour.startsAt, state });
    previous = state;
  });
  if (previous === 'off') switches.push({ at: windowEnd, state: 'on' });
  return switches;
}

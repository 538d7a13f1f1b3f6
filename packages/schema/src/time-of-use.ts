import type { PriceComponentKind } from './enums.ts';

/**
 * Which time-of-use period a price component's name stands for, zod-free so the web and the server's PDFs name a
 * component alike (docs/decisions/129-seasonal-winter-weekday.md). When each period is charged is the pricing
 * module's (apps/server/src/modules/pricing/tariff.ts).
 */

/** The energy components charged by the hour of the local clock: day and night, and the seasonal ones. */
export const TIME_OF_USE_KINDS: readonly PriceComponentKind[] = ['Day', 'Night', 'DayWinter', 'NightWinter'];

/** The components that make a price list seasonal: winter weekday daytime and the rest of winter. */
export const SEASONAL_KINDS: readonly PriceComponentKind[] = ['DayWinter', 'NightWinter'];

export const isSeasonal = (kinds: readonly PriceComponentKind[]) => kinds.some((kind) => SEASONAL_KINDS.includes(kind));
export const isTimeOfUse = (kinds: readonly PriceComponentKind[]) => kinds.some((kind) => TIME_OF_USE_KINDS.includes(kind));

/**
 * The name a component goes by in texts (`contracts.component.<name>`): its kind, except that Day and Night of a
 * seasonal price list charge only April to October (in winter the winter components replace them), so they are
 * named as the summer's day and night.
 */
export function componentTextName(kind: PriceComponentKind, kinds: readonly PriceComponentKind[]): string {
  return (kind === 'Day' || kind === 'Night') && isSeasonal(kinds) ? `${kind}-summer` : kind;
}

import { weekdayOf } from '@portal/schema/calendar-dates';
import type { BillingChannelKind, ContractStatus, PriceComponentKind, PriceType } from '@portal/schema/enums';
import { isSeasonal } from '@portal/schema/time-of-use';
import { divideRounded, PRICE_SCALE, priceToScaled, scaledToPrice } from '../../platform/exact-money.ts';

/**
 * The one pricing module (issue 9): what each price component kind of spec §3 charges and when, for offers, cost
 * estimation, the dashboard and invoices alike; the VAT on top is that of the supply day (vat-rates.ts, decision
 * 093). The SQL in `pricing-sql.ts` is written from the same constants; `pricing.test.ts` checks it against the
 * plain functions below.
 *
 * Kinds:
 * - Base, Margin (c/kWh): every kWh. Margin sits on the spot price of an hourly contract, Base is a fixed energy price.
 * - Day, Night (c/kWh): kWh of 07:00–22:00 local time, and of the rest of the day, every day of the week.
 * - DayWinter, NightWinter (c/kWh): the seasonal time division of Finnish network and energy price lists (decision
 *   129): DayWinter is "winter weekday daytime" (talviarkipäivä), 1 November – 31 March, Monday to Saturday,
 *   07:00–22:00 local time; NightWinter is the rest of winter (those days' nights and all of Sunday). A contract that
 *   has a winter component is seasonal, and from November to March its Day and Night components give way to the
 *   winter ones; the rest of the year they charge as ever. A public holiday counts as the weekday it falls on.
 * - Floor, Ceiling (c/kWh): the lowest and highest spot price charged (FixedHourlyWithPriceLimits); not charged themselves.
 * - Monthly, PaperBill (c/month): a fee per month; PaperBill only while invoices go by post (billing channel Address).
 * - YearlyCost (c/year): a yearly fee, charged a twelfth per month.
 * - Power (c/kW a month): the power charge of a distribution network (decision 119): each calendar month, the mean
 *   power of the month's highest hour on the site's clock (its kWh in 60 minutes, as kW) above the component's own
 *   threshold (households 8 kW, under the Energy Authority's rule), times the price.
 */

/** Winter season of the seasonal tariffs: November to March, by the local calendar (1 November – 31 March). */
export const WINTER_MONTHS: readonly number[] = [11, 12, 1, 2, 3];
/** Days whose daytime is winter weekday daytime: Monday to Saturday (0 = Monday, as `weekdayOf`); Sunday is not. */
export const WINTER_WEEKDAYS: readonly number[] = [0, 1, 2, 3, 4, 5];
/** Daytime of the time-of-use tariffs: 07:00–22:00 local time (the hour starting 21:00 is the last day hour). */
export const DAY_FROM_HOUR = 7;
export const DAY_TO_HOUR = 22;

export const ENERGY_KINDS: readonly PriceComponentKind[] = ['Base', 'Margin', 'Day', 'Night', 'DayWinter', 'NightWinter'];
export const LIMIT_KINDS: readonly PriceComponentKind[] = ['Floor', 'Ceiling'];
export const FEE_KINDS: readonly PriceComponentKind[] = ['Monthly', 'PaperBill', 'YearlyCost'];
export const POWER_KIND: PriceComponentKind = 'Power';

/** Price types billed interval by interval at the day-ahead price of the bidding zone. */
export const SPOT_PRICE_TYPES: readonly PriceType[] = ['Hourly', 'FixedHourlyWithPriceLimits'];

/**
 * A local wall-clock hour as the rules read it: the calendar day on the site's clock (YYYY-MM-DD) and the hour 0–23
 * it starts at. The day decides the season and the weekday, so both change at local midnight; the hour decides day
 * or night. Readings are stored in UTC and turned into this on the site's clock (rule 4), so the daylight-saving
 * changes move the UTC instants of 07:00 and 22:00, not the rule.
 */
export type LocalTime = { date: string; hour: number };

export const isWinter = (date: string) => WINTER_MONTHS.includes(Number(date.slice(5, 7)));
export const isWinterWeekday = (date: string) => WINTER_WEEKDAYS.includes(weekdayOf(date));
export const isDayHour = (hour: number) => hour >= DAY_FROM_HOUR && hour < DAY_TO_HOUR;

/** Whether an energy component of this kind charges the kWh of this local hour, on a contract seasonal or not. */
export function energyKindApplies(kind: PriceComponentKind, time: LocalTime, seasonal: boolean): boolean {
  const winter = isWinter(time.date);
  const day = isDayHour(time.hour);
  const winterWeekdayDay = winter && day && isWinterWeekday(time.date);
  switch (kind) {
    case 'Base':
    case 'Margin':
      return true;
    case 'Day':
      return day && !(seasonal && winter);
    case 'Night':
      return !day && !(seasonal && winter);
    case 'DayWinter':
      return winterWeekdayDay;
    case 'NightWinter':
      return winter && !winterWeekdayDay;
    default:
      return false;
  }
}

/** The spot price charged (c/kWh), within the contract's Floor and Ceiling when it has them. */
export function chargedSpot(spotCentsPerKwh: number, floor: number | null, ceiling: number | null): number {
  let price = spotCentsPerKwh;
  if (ceiling !== null) price = Math.min(price, ceiling);
  if (floor !== null) price = Math.max(price, floor);
  return price;
}

export type PricedComponent = {
  kind: PriceComponentKind;
  unit: 'c/kWh' | 'c/month' | 'c/year' | 'c/kW';
  priceCents: string;
  /** Power: kW of the peak left free, three decimals; null for every other kind (and for none free). */
  thresholdKw: string | null;
};

/**
 * Price of one kWh at a local moment, VAT excluded, in c/kWh: the energy components that apply plus, for spot
 * contracts, the day-ahead price within the limits. The plain reference the SQL is tested against.
 */
export function energyUnitPrice(
  priceType: PriceType,
  components: readonly PricedComponent[],
  time: LocalTime,
  spotCentsPerKwh: number | null = null,
): number {
  const seasonal = isSeasonal(components.map((component) => component.kind));
  let price = 0;
  for (const component of components) {
    if (component.unit === 'c/kWh' && energyKindApplies(component.kind, time, seasonal)) price += Number(component.priceCents);
  }
  if (SPOT_PRICE_TYPES.includes(priceType) && spotCentsPerKwh !== null) {
    const limit = (kind: PriceComponentKind) => {
      const found = components.find((component) => component.kind === kind);
      return found ? Number(found.priceCents) : null;
    };
    price += priceType === 'FixedHourlyWithPriceLimits' ? chargedSpot(spotCentsPerKwh, limit('Floor'), limit('Ceiling')) : spotCentsPerKwh;
  }
  return price;
}

/** Whether a fee component is charged for a month under this billing channel. */
export function feeApplies(kind: PriceComponentKind, billingChannel: BillingChannelKind): boolean {
  if (kind === 'PaperBill') return billingChannel === 'Address';
  return FEE_KINDS.includes(kind);
}

/** A fee's price per month (c/month, five decimals): a yearly fee is a twelfth, rounded half away from zero. */
export function feePerMonth(component: PricedComponent): string {
  if (component.unit !== 'c/year') return component.priceCents;
  return scaledToPrice(divideRounded(priceToScaled(component.priceCents), 12n));
}

/** Contract statuses whose dates are priced: a draft, an unsigned or a cancelled contract never delivered energy. */
export const PRICED_STATUSES: readonly ContractStatus[] = ['signed', 'active', 'ending', 'ended'];

/** "8" or "8.000" kW → 8000n W, exactly (numeric(8,3) as the database keeps the threshold). */
export function kwToW(kw: string): bigint {
  const match = /^(\d+)(?:\.(\d{0,3}))?$/.exec(kw.trim());
  if (!match) throw new Error(`Not a kW value: ${kw}`);
  return BigInt(match[1]!) * 1000n + BigInt((match[2] ?? '').padEnd(3, '0'));
}

/**
 * The power a month's power charge bills, in W: the peak hour's Wh (an hour's Wh is its mean power in W) above the
 * threshold, none when the peak stays under it.
 */
export function chargedPowerW(peakWh: bigint, thresholdKw: string | null): bigint {
  const free = thresholdKw ? kwToW(thresholdKw) : 0n;
  return peakWh > free ? peakWh - free : 0n;
}

/**
 * The 60-minute average an hour must stay under not to raise the month's power charge (decision 119): the peak so
 * far, or the threshold when that is higher, since a peak under the threshold costs nothing. In W (= Wh an hour).
 */
export function peakLimitW(peakWh: bigint, thresholdKw: string | null): bigint {
  const free = thresholdKw ? kwToW(thresholdKw) : 0n;
  return peakWh > free ? peakWh : free;
}

/** A month's power charge in whole cents, VAT excluded: c/kW × kW above the threshold, rounded once, half up. */
export function powerChargeCents(component: PricedComponent, peakWh: bigint): number {
  return Number(divideRounded(priceToScaled(component.priceCents) * chargedPowerW(peakWh, component.thresholdKw), 1000n * PRICE_SCALE));
}

/** The highest hour of some hours: the most Wh, the earliest of equals (what a bill and the dashboard both name). */
export function peakOf<T extends { wh: bigint; startsAt: Date }>(hours: readonly T[]): T | null {
  let peak: T | null = null;
  for (const hour of hours) if (!peak || hour.wh > peak.wh || (hour.wh === peak.wh && hour.startsAt < peak.startsAt)) peak = hour;
  return peak;
}

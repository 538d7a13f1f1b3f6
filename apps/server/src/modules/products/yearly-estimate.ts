import type { BillingChannelKind, PriceType } from '@portal/schema/enums';
import { priceToScaled } from '../../platform/exact-money.ts';
import { billPeriod, type BilledDay } from '../pricing/bill-period.ts';
import { DAY_FROM_HOUR, DAY_TO_HOUR, SPOT_PRICE_TYPES, type PricedComponent } from '../pricing/tariff.ts';
import type { VatSchedule } from '../pricing/vat-rates.ts';
import type { PricedHour } from './product-repository.ts';

type Pricing = { priceType: PriceType; components: readonly PricedComponent[]; billingChannel: BillingChannelKind; vat: VatSchedule };

/** The hours as the days a bill reads (bill-period.ts), each hour's spot price within the pricing's Floor and Ceiling. */
function daysOf(hours: readonly PricedHour[], pricing: Pricing): BilledDay[] {
  const limit = (kind: 'Floor' | 'Ceiling') => {
    const found = pricing.priceType === 'FixedHourlyWithPriceLimits' && pricing.components.find((component) => component.kind === kind);
    return found ? priceToScaled(found.priceCents) : null;
  };
  const floor = limit('Floor');
  const ceiling = limit('Ceiling');
  const spot = SPOT_PRICE_TYPES.includes(pricing.priceType);
  const days = new Map<string, BilledDay>();
  for (const hour of hours) {
    const day = days.get(hour.date) ?? { date: hour.date, dayWh: 0n, nightWh: 0n, spotWh: 0n, spotScaled: 0n, peakWh: 0n };
    const wh = BigInt(hour.wh);
    if (wh > day.peakWh) day.peakWh = wh;
    if (hour.hour >= DAY_FROM_HOUR && hour.hour < DAY_TO_HOUR) day.dayWh += wh;
    else day.nightWh += wh;
    if (spot && hour.spotEurPerMwh !== null) {
      // €/MWh ÷ 10 = c/kWh; in 1/100000 c/kWh that is the euro amount's 1/100000 units ÷ 10, exact to four decimals.
      let price = priceToScaled(hour.spotEurPerMwh) / 10n;
      if (ceiling !== null && price > ceiling) price = ceiling;
      if (floor !== null && price < floor) price = floor;
      day.spotWh += wh;
      day.spotScaled += wh * price;
    }
    days.set(hour.date, day);
  }
  return [...days.values()];
}

/**
 * Twelve months of the customer's own hours billed by the one billing function (decision 094) under a price list in
 * force all along: energy at the unit prices of each local hour (spot within its limits where the price type says
 * so), fees by the days of the months under the billing channel, each day at the VAT rate in force on it; the
 * bill's total in whole cents.
 */
export function yearlyCostCents(hours: readonly PricedHour[], pricing: Pricing, period: { from: string; to: string }): number {
  return billPeriod({
    from: period.from,
    to: period.to,
    priceType: pricing.priceType,
    components: pricing.components.map((component) => ({ ...component, validFrom: period.from, validTo: null })),
    billingChannel: pricing.billingChannel,
    vat: pricing.vat,
    days: daysOf(hours, pricing),
  }).totalCents;
}

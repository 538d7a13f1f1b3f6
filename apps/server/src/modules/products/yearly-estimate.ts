import type { BillingChannelKind, PriceType } from '@portal/schema/enums';
import { energyUnitPrice, feeApplies, feePerMonth, type PricedComponent } from '../pricing/tariff.ts';
import type { PricedHour } from './product-repository.ts';

/**
 * A year of the customer's own hours priced by the pricing module: each hour's kWh at the unit price of that
 * local hour (spot within its limits where the price type says so), twelve months of fees under the contract's
 * billing channel, VAT on top; whole cents, rounded once.
 */
export function yearlyCostCents(
  hours: readonly PricedHour[],
  priced: { priceType: PriceType; components: readonly PricedComponent[]; vatPermille: number; billingChannel: BillingChannelKind },
): number {
  let cents = 0;
  for (const hour of hours) {
    cents += (hour.wh / 1000) * energyUnitPrice(priced.priceType, priced.components, hour, hour.spotCents);
  }
  for (const component of priced.components) {
    if (component.unit !== 'c/kWh' && feeApplies(component.kind, priced.billingChannel)) cents += 12 * Number(feePerMonth(component));
  }
  return Math.round((cents * (1000 + priced.vatPermille)) / 1000);
}

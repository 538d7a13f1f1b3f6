import type { ContractOffer } from '@portal/schema/products';
import { todayIn } from '@portal/schema/calendar-dates';
import { LIVE_STATUSES, statusOn } from '../contracts/contract-life-cycle.ts';
import type { ContractRepository } from '../contracts/contract-repository.ts';
import { vatPermille } from '../pricing/tariff.ts';
import { isAvailableOn, isVisibleTo } from './product-visibility.ts';
import type { ProductRepository } from './product-repository.ts';
import { yearlyCostCents } from './yearly-estimate.ts';
import type { CustomerScope } from '../../platform/actor.ts';

const YEAR_MS = 365 * 24 * 3_600_000;

/**
 * GET /api/me/contract-offers: for each live contract of the acting customer, the products of the same utility
 * the customer may see today (Public, their TargetGroup, Personal to them; campaign products need their code and
 * are not offered unasked), other than the product they have, with the last twelve months of their own
 * consumption priced both ways.
 */
export async function contractOffers(
  deps: { contracts: ContractRepository; products: ProductRepository },
  scope: CustomerScope,
  customer: { id: string; type: 'private' | 'legal' },
  site: { timezone: string; countryCode: string },
  now: Date,
): Promise<ContractOffer[]> {
  const today = todayIn(site.timezone, now);
  const live = (await deps.contracts.list(scope)).filter((row) =>
    LIVE_STATUSES.includes(statusOn(row.contract.status, row.contract.endDate, today)),
  );
  if (live.length === 0) return [];
  const catalogue = (await deps.products.catalogue(scope.siteId, {})).filter(
    (candidate) =>
      isAvailableOn(candidate, today) &&
      isVisibleTo(candidate, { customerId: customer.id, customerType: customer.type, campaignCode: null }),
  );
  const offers: ContractOffer[] = [];
  for (const row of live) {
    // Add-ons ride on a supply and are no renewal of their own.
    const candidates = catalogue.filter(
      (candidate) => candidate.utility === row.utility && candidate.name !== row.contract.productName && candidate.productGroup !== 'addon',
    );
    if (candidates.length === 0) continue;
    const hours = await deps.products.pricedHours(
      scope,
      row.contract.meteringPointId,
      site.timezone,
      new Date(now.getTime() - YEAR_MS),
      now,
    );
    const current = (await deps.contracts.priceComponents(row.contract.id)).filter(
      (component) => component.validFrom <= today && (component.validTo === null || component.validTo >= today),
    );
    const billingChannel = row.contract.billingChannel;
    const currentYearlyCents = yearlyCostCents(hours, {
      priceType: row.contract.priceType,
      components: current,
      vatPermille: row.contract.vatPermille,
      billingChannel,
    });
    for (const candidate of candidates) {
      offers.push({
        contractId: row.contract.id,
        contractNumber: row.contract.contractNumber,
        product: {
          id: candidate.id,
          code: candidate.code,
          name: candidate.name,
          description: candidate.description,
          utility: candidate.utility,
          priceType: candidate.priceType,
          productGroup: candidate.productGroup,
          visibility: candidate.visibility,
          termMonths: candidate.termMonths,
          availableFrom: candidate.availableFrom,
          availableTo: candidate.availableTo,
          priceComponents: candidate.priceComponents,
        },
        yearlyKwh: Math.round(hours.reduce((sum, hour) => sum + hour.wh, 0)) / 1000,
        currentYearlyCents,
        offeredYearlyCents: yearlyCostCents(hours, {
          priceType: candidate.priceType,
          components: candidate.priceComponents,
          vatPermille: vatPermille(site.countryCode, candidate.utility, today),
          billingChannel,
        }),
      });
    }
  }
  return offers;
}

import type { ContractOffer } from '@portal/schema/products';
import { addDays, addMonths, instantAt, todayIn } from '@portal/schema/calendar-dates';
import { LIVE_STATUSES, statusOn } from '../contracts/contract-life-cycle.ts';
import { contractRepository } from '../contracts/contract-repository.ts';
import { supplyOf, vatSchedule } from '../pricing/vat-rates.ts';
import { ADD_ON_GROUP, supplyOfProduct } from '../contracts/create-contract.ts';
import { isAvailableOn, isVisibleTo } from './product-visibility.ts';
import { productRepository } from './product-repository.ts';
import type { Executor } from '../../platform/database.ts';
import { yearlyCostCents } from './yearly-estimate.ts';
import type { CustomerScope } from '../../platform/actor.ts';

/**
 * GET /api/me/contract-offers: for each live contract of the acting customer, the products of the same utility
 * the customer may see today (Public, their TargetGroup, Personal to them; campaign products need their code and
 * are not offered unasked), other than the product they have, with the last twelve months of their own
 * consumption (to yesterday) priced both ways, each day at the VAT rate in force on it.
 */
export async function contractOffers(
  deps: { db: Executor },
  scope: CustomerScope,
  customer: { id: string; type: 'private' | 'legal' },
  site: { timezone: string; countryCode: 'FI' | 'EE' | 'LV' },
  now: Date,
): Promise<ContractOffer[]> {
  const today = todayIn(site.timezone, now);
  const live = (await contractRepository.list(deps.db, scope)).filter((row) =>
    LIVE_STATUSES.includes(statusOn(row.contract.status, row.contract.endDate, today)),
  );
  if (live.length === 0) return [];
  const year = { from: addMonths(today, -12), to: addDays(today, -1) };
  const rates = await contractRepository.vatRates(deps.db);
  const vatOf = (utility: (typeof live)[number]['utility'], supply: 'energy' | 'network') =>
    vatSchedule(rates, { countryCode: site.countryCode, utility, supply, customerType: customer.type });
  const catalogue = (await productRepository.catalogue(deps.db, scope.siteId, {})).filter(
    (candidate) =>
      isAvailableOn(candidate, today) &&
      isVisibleTo(candidate, { customerId: customer.id, customerType: customer.type, campaignCode: null }),
  );
  const offers: ContractOffer[] = [];
  for (const row of live) {
    // Add-ons ride on a supply and are no renewal of their own.
    const candidates = catalogue.filter(
      (candidate) =>
        candidate.utility === row.utility && candidate.name !== row.contract.productName && candidate.productGroup !== ADD_ON_GROUP,
    );
    if (candidates.length === 0) continue;
    const hours = await productRepository.pricedHours(
      deps.db,
      scope,
      row.contract.meteringPointId,
      site.timezone,
      instantAt(year.from, 0, site.timezone),
      instantAt(today, 0, site.timezone),
    );
    const current = (await contractRepository.priceComponents(deps.db, scope, row.contract.id)).filter(
      (component) => component.validFrom <= today && (component.validTo === null || component.validTo >= today),
    );
    const billingChannel = row.contract.billingChannel;
    const currentYearlyCents = yearlyCostCents(
      hours,
      { priceType: row.contract.priceType, components: current, billingChannel, vat: vatOf(row.utility, supplyOf(row.contract.type)) },
      year,
    );
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
        offeredYearlyCents: yearlyCostCents(
          hours,
          {
            priceType: candidate.priceType,
            components: candidate.priceComponents,
            billingChannel,
            vat: vatOf(candidate.utility, supplyOfProduct(candidate.productGroup)),
          },
          year,
        ),
      });
    }
  }
  return offers;
}

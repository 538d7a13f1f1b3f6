import type { PointProductCosts, ProductCosts } from '@portal/schema/products';
import type { Utility } from '@portal/schema/enums';
import { addDays, instantAt, maxDate, minDate, monthEnd, monthStart, todayIn } from '@portal/schema/calendar-dates';
import { LIVE_STATUSES, statusOn } from '../contracts/contract-life-cycle.ts';
import { contractRepository, type ContractRow } from '../contracts/contract-repository.ts';
import { ADD_ON_GROUP, supplyOfProduct } from '../contracts/create-contract.ts';
import type { VatSupply } from '../../db/schema/vat-rates.ts';
import { supplyOf, vatSchedule } from '../pricing/vat-rates.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Executor } from '../../platform/database.ts';
import { invoicedPeriods, type InvoicedPeriod } from './invoiced-periods.ts';
import { productRepository } from './product-repository.ts';
import { isAvailableOn, isVisibleTo } from './product-visibility.ts';
import { yearlyCostCents } from './yearly-estimate.ts';

/** The first days of the months from the month of `from` to the month of `to`. */
function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  for (let month = monthStart(from); month <= to; month = monthStart(month, 1)) months.push(month);
  return months;
}

/**
 * What the customer was invoiced for one supply of the point over the priced days (decision 120): the sum of the
 * invoices' totals, VAT included (a correction with a negative total subtracts), and how many of the months those
 * invoices cover every priced day of.
 */
function paidOver(invoices: readonly InvoicedPeriod[], supply: VatSupply, span: { from: string; to: string }) {
  const counted = invoices.filter((row) => supplyOf(row.contractType) === supply);
  const covered = new Set<string>();
  for (const row of counted) {
    for (let day = row.periodStart; day <= row.periodEnd; day = addDays(day, 1)) covered.add(day);
  }
  const monthsCovered = monthsOf(span.from, span.to).filter((month) => {
    for (let day = maxDate(month, span.from); day <= minDate(monthEnd(month), span.to); day = addDays(day, 1)) {
      if (!covered.has(day)) return false;
    }
    return true;
  }).length;
  return { paidCents: counted.reduce((sum, row) => sum + row.totalCents, 0), paidMonths: monthsCovered };
}

/** What decision 120 prices: the products of a utility (or all) and group (or all), and the points (or one). */
export type ProductCostsQuery = { utility?: Utility; campaignCode?: string; productGroup?: string; meteringPointId?: string };

/**
 * The supplies on offer (add-ons are none) that the customer may see today (product-visibility.ts; a campaign product
 * with its code): the products decision 120 prices, and the network products a grid contract may change to (127).
 */
export async function productsOnOffer(
  executor: Executor,
  siteId: string,
  customer: { id: string; type: 'private' | 'legal' },
  today: string,
  query: Pick<ProductCostsQuery, 'utility' | 'campaignCode' | 'productGroup'>,
) {
  const catalogue = await productRepository.catalogue(executor, siteId, { utility: query.utility, productGroup: query.productGroup });
  return catalogue.filter(
    (candidate) =>
      candidate.productGroup !== ADD_ON_GROUP &&
      isAvailableOn(candidate, today) &&
      isVisibleTo(candidate, { customerId: customer.id, customerType: customer.type, campaignCode: query.campaignCode ?? null }),
  );
}

/**
 * GET /api/me/product-costs (issue 28, decision 120): for each metering point of the acting customer with use in the
 * last twelve whole months of the site's calendar, every product on offer of its utility that the customer may see
 * today priced over those hours by the one billing function (yearly-estimate.ts), beside the totals of the customer's
 * own invoices for the same supply and days. The network product page (decision 127) asks for one point's grid products.
 */
export async function productCosts(
  deps: { db: Executor },
  scope: CustomerScope,
  customer: { id: string; type: 'private' | 'legal' },
  site: { timezone: string; countryCode: 'FI' | 'EE' | 'LV' },
  query: ProductCostsQuery,
  now: Date,
): Promise<ProductCosts> {
  const today = todayIn(site.timezone, now);
  const period = { from: monthStart(today, -12), to: addDays(monthStart(today), -1) };
  const catalogue = await productsOnOffer(deps.db, scope.siteId, customer, today, query);
  if (catalogue.length === 0) return { period, points: [] };
  const rates = await contractRepository.vatRates(deps.db);
  // The customer's contracts, newest first, by metering point: the point's address, billing channel and current product.
  const byPoint = new Map<string, ContractRow[]>();
  for (const row of await contractRepository.list(deps.db, scope)) {
    if (query.utility && row.utility !== query.utility) continue;
    if (query.meteringPointId && row.contract.meteringPointId !== query.meteringPointId) continue;
    byPoint.set(row.contract.meteringPointId, [...(byPoint.get(row.contract.meteringPointId) ?? []), row]);
  }
  const points: PointProductCosts[] = [];
  for (const [meteringPointId, contracts] of byPoint) {
    const offered = catalogue.filter((candidate) => candidate.utility === contracts[0]!.utility);
    if (offered.length === 0) continue;
    const hours = await productRepository.pricedHours(
      deps.db,
      scope,
      meteringPointId,
      site.timezone,
      instantAt(period.from, 0, site.timezone),
      instantAt(monthStart(today), 0, site.timezone),
    );
    if (hours.length === 0) continue;
    const span = { from: hours.reduce((first, hour) => minDate(first, hour.date), period.to), to: period.to };
    const invoices = await invoicedPeriods(deps.db, scope, meteringPointId, span);
    const live = contracts.filter((row) => LIVE_STATUSES.includes(statusOn(row.contract.status, row.contract.endDate, today)));
    const place = contracts[0]!;
    points.push({
      meteringPointId,
      meteringPointCode: place.meteringPointCode,
      utility: place.utility,
      address: { street: place.street, postalCode: place.postalCode, city: place.city },
      pricedFrom: span.from,
      months: monthsOf(span.from, span.to).length,
      kwh: Math.round(hours.reduce((sum, hour) => sum + hour.wh, 0)) / 1000,
      products: offered.map((candidate) => {
        const supply = supplyOfProduct(candidate.productGroup);
        // Invoices reach the customer as their latest contract of the same supply here says; else as their latest.
        const billed = contracts.find((row) => supplyOf(row.contract.type) === supply) ?? place;
        return {
          productId: candidate.id,
          costCents: yearlyCostCents(
            hours,
            {
              priceType: candidate.priceType,
              components: candidate.priceComponents,
              billingChannel: billed.contract.billingChannel,
              vat: vatSchedule(rates, { countryCode: site.countryCode, utility: candidate.utility, supply, customerType: customer.type }),
            },
            span,
          ),
          current: live.some((row) => row.contract.productId === candidate.id || row.contract.productName === candidate.name),
          ...paidOver(invoices, supply, span),
        };
      }),
    });
  }
  return { period, points };
}

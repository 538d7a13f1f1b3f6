import { todayIn } from '@portal/schema/calendar-dates';
import type { NetworkProductChange, NetworkProducts } from '@portal/schema/network-products';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { contractRepository, type ContractRow } from '../contracts/contract-repository.ts';
import { GRID_GROUP } from '../contracts/create-contract.ts';
import { productCosts, productsOnOffer } from '../products/product-costs.ts';
import { shownProduct } from '../products/product-repository.ts';
import { networkProductRepository, type GridContractRow } from './network-product-repository.ts';
import { networkProductState } from './network-product-rules.ts';

/** Whose network product it is: the acting customer on this site, and the site's calendar and country. */
export type NetworkCustomer = {
  scope: CustomerScope;
  customer: { id: string; type: 'private' | 'legal' };
  site: { timezone: string; countryCode: 'FI' | 'EE' | 'LV' };
};

/** The acting customer's electricity grid contract by id: another customer's is 404 (rule 1), any other contract 422. */
export async function gridContractOf(executor: Executor, scope: CustomerScope, contractId: string): Promise<ContractRow> {
  const row = await contractRepository.find(executor, scope, contractId);
  if (!row) throw new AppError('CONTRACT_NOT_FOUND', 'No such contract');
  if (row.contract.type !== 'GridContract' || row.utility !== 'electricity') {
    throw new AppError('NOT_A_GRID_CONTRACT', 'Only an electricity grid contract has a network product to change');
  }
  return row;
}

/** The grid products decision 120 prices for the point, on offer to the customer. */
const networkQuery = (meteringPointId: string) => ({ utility: 'electricity' as const, productGroup: GRID_GROUP, meteringPointId });

const changeOf = (row: GridContractRow): NetworkProductChange => ({
  contractId: row.id,
  productId: row.productId,
  productName: row.productName,
  startDate: row.startDate,
});

/**
 * GET /api/contracts/{id}/network-products (decision 127): for the metering point of one of the acting customer's grid
 * contracts, the grid contract in force there, each network product on offer with the point's last twelve whole months
 * priced under it beside what was invoiced (decision 120's one computation, narrowed to the point and the grid group),
 * a pending change and the days of the once-a-year rule. No grid contract in force at the point is 422.
 */
export async function readNetworkProducts(
  deps: { db: Executor },
  who: NetworkCustomer,
  contractId: string,
  now: Date,
): Promise<NetworkProducts> {
  const today = todayIn(who.site.timezone, now);
  const row = await gridContractOf(deps.db, who.scope, contractId);
  const { meteringPointId } = row.contract;
  const state = networkProductState(await networkProductRepository.read(deps.db, who.scope, meteringPointId), today);
  if (!state.current) throw new AppError('CONTRACT_STATUS_REFUSED', 'No grid contract is in force at this metering point');
  const products = await productsOnOffer(deps.db, who.scope.siteId, who.customer, today, networkQuery(meteringPointId));
  const costs = await productCosts(deps, who.scope, who.customer, who.site, networkQuery(meteringPointId), now);
  return {
    contractId: state.current.id,
    contractNumber: state.current.contractNumber,
    productName: state.current.productName,
    endDate: state.current.endDate,
    meteringPointId,
    meteringPointCode: row.meteringPointCode,
    address: { street: row.street, postalCode: row.postalCode, city: row.city },
    products: products.map(shownProduct),
    period: costs.period,
    costs: costs.points[0] ?? null,
    pending: state.pending ? changeOf(state.pending) : null,
    lastChange: state.lastChange ? changeOf(state.lastChange) : null,
    changeTakesEffect: state.takesEffect,
    nextChangeFrom: state.nextChangeFrom,
  };
}

import { randomUUID } from 'node:crypto';
import { addDays, formatDay, todayIn } from '@portal/schema/calendar-dates';
import type { ActingAs, StaffRole } from '@portal/schema/identity';
import type { NetworkProductChangeRequest, NetworkProducts } from '@portal/schema/network-products';
import { actorRepository } from '../../platform/actor-repository.ts';
import type { Database, Transaction } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { nextStatus } from '../contracts/contract-life-cycle.ts';
import { contractRepository } from '../contracts/contract-repository.ts';
import { contractNumberFor, GRID_GROUP } from '../contracts/create-contract.ts';
import { productsOnOffer } from '../products/product-costs.ts';
import { networkProductRepository } from './network-product-repository.ts';
import { changeTakesEffect, madeFrom, networkProductState } from './network-product-rules.ts';
import { gridContractOf, readNetworkProducts, type NetworkCustomer } from './network-products.ts';

/** Who changes: the acting customer, the person (the customer, their representative or staff acting), and the call. */
export type Changer = NetworkCustomer & {
  personId: string;
  actingAs: ActingAs;
  staffRoles: readonly StaffRole[];
  managementDisabled: boolean;
  requestId: string;
  ipAddress: string | null;
};

function refuseManagementDisabled(changer: Changer) {
  if (changer.managementDisabled) throw new AppError('CONTRACT_MANAGEMENT_DISABLED', 'Contracts are managed by customer service here');
}

/** One audit line per change or cancellation, in its transaction; staff acting carry their role and the data area (076). */
async function audit(tx: Transaction, changer: Changer, action: string, details: string) {
  const staff = changer.actingAs === 'staff';
  await actorRepository.audit(tx, {
    siteId: changer.scope.siteId,
    personId: changer.personId,
    customerId: changer.scope.customerId,
    action,
    outcome: 'ok',
    requestId: changer.requestId,
    ipAddress: changer.ipAddress,
    details,
    ...(staff
      ? { actorRole: changer.staffRoles.includes('customer-service') ? 'customer-service' : 'site-admin', dataArea: 'contracts' }
      : {}),
  });
}

/**
 * POST /api/contracts/{id}/network-product-change (decision 127): the point's grid contract in force ends on the last
 * day of this month and a grid contract with the chosen network product starts on the first of next month, with the
 * product's prices (a power charge's threshold with them) and the old contract's billing and contacts. Refused while
 * a change took effect, or waits to, less than twelve months before that day. One transaction under the point's
 * grid contracts' locks, with its audit line: nothing is written when any rule says no.
 */
export async function changeNetworkProduct(
  deps: { db: Database },
  changer: Changer,
  contractId: string,
  request: NetworkProductChangeRequest,
  now: Date,
): Promise<NetworkProducts> {
  refuseManagementDisabled(changer);
  const today = todayIn(changer.site.timezone, now);
  // Read outside the transaction first: PGlite runs one statement stream, so no other read may wait on it.
  const row = await gridContractOf(deps.db, changer.scope, contractId);
  const { meteringPointId } = row.contract;
  const offered = await productsOnOffer(deps.db, changer.scope.siteId, changer.customer, changeTakesEffect(today), {
    utility: 'electricity',
    productGroup: GRID_GROUP,
  });
  const product = offered.find((candidate) => candidate.id === request.productId);
  if (!product) throw new AppError('PRODUCT_NOT_AVAILABLE', 'That network product is not on offer to you from next month');

  await deps.db.transaction(async (tx) => {
    const { current, lastChange, takesEffect, nextChangeFrom } = networkProductState(
      await networkProductRepository.lock(tx, changer.scope, meteringPointId),
      today,
    );
    if (!current) throw new AppError('CONTRACT_STATUS_REFUSED', 'No grid contract is in force at this metering point');
    if (lastChange && nextChangeFrom > takesEffect) {
      throw new AppError(
        'NETWORK_PRODUCT_CHANGED_RECENTLY',
        `The network product can change once in 12 months: it changed from ${formatDay(lastChange.startDate)}, ` +
          `so the next change can take effect from ${formatDay(nextChangeFrom)}`,
      );
    }
    if (current.endDate !== null) throw new AppError('CONTRACT_STATUS_REFUSED', 'A grid contract that ends cannot change its product');
    if (madeFrom(current, product)) throw new AppError('NETWORK_PRODUCT_UNCHANGED', 'That is already the network product of this contract');

    const changedId = `ct-${randomUUID()}`;
    await contractRepository.insertContract(
      tx,
      {
        id: changedId,
        siteId: changer.scope.siteId,
        customerId: changer.scope.customerId,
        meteringPointId,
        contractNumber: contractNumberFor(changer.scope.siteId, today),
        type: 'GridContract',
        productName: product.name,
        priceType: product.priceType,
        startDate: takesEffect,
        endDate: null,
        // Agreed here: the network service terms stay the same, only the product changes, so no document is signed;
        // the confirmation (with a recent e-ID verification) is the agreement, and its time is the signing time.
        status: nextStatus(nextStatus('draft', 'submit'), 'sign'),
        signedAt: now,
        termMonths: product.termMonths,
        billingChannel: current.billingChannel,
        billingTarget: current.billingTarget,
        billingOperator: current.billingOperator,
        productId: product.id,
        renewsContractId: current.id,
        startReason: 'product-change',
        contactEmail: current.contactEmail,
        contactPhone: current.contactPhone,
      },
      product.priceComponents.map((component) => ({ ...component, validFrom: takesEffect, validTo: null })),
    );
    // A signed contract whose supply started is active even before the hourly job writes it (statusOn).
    const live = current.status === 'signed' ? nextStatus(current.status, 'activate') : current.status;
    await contractRepository.setStatus(tx, current.id, { status: nextStatus(live, 'give-notice'), endDate: addDays(takesEffect, -1) });
    await audit(tx, changer, 'network product changed', `${current.id} → ${changedId}: ${product.id} from ${takesEffect}`);
  });
  return readNetworkProducts(deps, changer, contractId, now);
}

/**
 * POST /api/contracts/{id}/network-product-change/cancel (decision 127): a change that has not taken effect is
 * cancelled and the grid contract in force runs on until further notice, as if the change had not been made; it is
 * not counted by the once-a-year rule. One transaction with its audit line.
 */
export async function cancelNetworkProductChange(
  deps: { db: Database },
  changer: Changer,
  contractId: string,
  now: Date,
): Promise<NetworkProducts> {
  refuseManagementDisabled(changer);
  const today = todayIn(changer.site.timezone, now);
  const row = await gridContractOf(deps.db, changer.scope, contractId);
  await deps.db.transaction(async (tx) => {
    const { current, pending } = networkProductState(
      await networkProductRepository.lock(tx, changer.scope, row.contract.meteringPointId),
      today,
    );
    if (!current || !pending) {
      throw new AppError('NETWORK_PRODUCT_CHANGE_NOT_PENDING', 'No change of network product is waiting to take effect here');
    }
    await contractRepository.setStatus(tx, pending.id, { status: nextStatus(pending.status, 'cancel') });
    await contractRepository.setStatus(tx, current.id, { status: nextStatus(current.status, 'withdraw-notice'), endDate: null });
    await audit(tx, changer, 'network product change cancelled', `${pending.id}: ${pending.productId ?? pending.productName}`);
  });
  return readNetworkProducts(deps, changer, contractId, now);
}

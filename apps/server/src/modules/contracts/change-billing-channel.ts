import type { ChangeBillingChannel, ContractDetail } from '@portal/schema/contracts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { FINAL_STATUSES, statusOn } from './contract-life-cycle.ts';
import { contractRepository } from './contract-repository.ts';
import { availableChannels } from './contract-views.ts';
import { readContractDetail } from './read-contract-detail.ts';
import type { CustomerScope } from '../../platform/actor.ts';

type Customer = { type: 'private' | 'legal' };
type SiteRules = { countryCode: string; managementDisabled: boolean; today: string };

/**
 * POST /api/contracts/{id}/change-billing-channels: where the contract's invoices go from now on. Refused on a
 * site that has switched contract management off, for an ended or cancelled contract, and for a channel this
 * customer may not choose; the change is written on the locked contract (spec §4: the contract and its billing
 * info are then read again).
 */
export async function changeBillingChannel(
  deps: { db: Database },
  scope: CustomerScope,
  customer: Customer,
  site: SiteRules,
  contractId: string,
  change: ChangeBillingChannel,
): Promise<ContractDetail> {
  if (site.managementDisabled) throw new AppError('CONTRACT_MANAGEMENT_DISABLED', 'Contracts are managed by customer service here');
  if (!availableChannels(customer.type, site.countryCode).includes(change.channel)) {
    throw new AppError('BILLING_CHANNEL_NOT_AVAILABLE', `Invoices cannot be sent by ${change.channel} for this customer`);
  }
  return deps.db.transaction(async (tx) => {
    const locked = await contractRepository.lockForChange(tx, scope, contractId);
    if (!locked) throw new AppError('CONTRACT_NOT_FOUND', 'No such contract');
    if (FINAL_STATUSES.includes(statusOn(locked.status, locked.endDate, site.today))) {
      throw new AppError('CONTRACT_STATUS_REFUSED', 'An ended or cancelled contract keeps the billing it had');
    }
    await contractRepository.setBilling(tx, locked.id, {
      channel: change.channel,
      target: change.target,
      operator: 'operator' in change ? change.operator : null,
    });
    return (await readContractDetail(tx, scope, locked.id, site.today))!;
  });
}

import type { ContractDetail } from '@portal/schema/contracts';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Executor } from '../../platform/database.ts';
import { contractRepository } from './contract-repository.ts';
import { contractDetailOf } from './contract-views.ts';

/**
 * One contract of the scope as its detail (prices with VAT, billing, status on `today`), or null when the scope has no
 * such contract. Read through `executor`, so a change's answer, read in its transaction, shows what it wrote.
 */
export async function readContractDetail(
  executor: Executor,
  scope: CustomerScope,
  contractId: string,
  today: string,
): Promise<ContractDetail | null> {
  const row = await contractRepository.find(executor, scope, contractId);
  if (!row) return null;
  return contractDetailOf(
    row,
    await contractRepository.priceComponents(executor, scope, row.contract.id),
    today,
    await contractRepository.vatRates(executor),
  );
}

import { addDays } from '@portal/schema/calendar-dates';
import type { SigningState } from '@portal/schema/contract-signing';
import type { SignedFile, SigningService } from '../../integrations/signing/port.ts';
import type { Database, Transaction } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { afterSignature, nextStatus } from './contract-life-cycle.ts';
import { contractRepository } from './contract-repository.ts';
import { signingRepository, type SigningRow } from './signing-repository.ts';

export type SettleDeps = {
  db: Database;
  /** The services signings were started with, by id; a signing of a service no longer configured is read as it is. */
  services: SigningService[];
};

/**
 * The contract's side of a signature (decision 030, enforced by the life cycle): awaiting-signature → signed, and
 * active when its supply has started; a renewal's signature gives the renewed contract notice to end the day before.
 * Called under the signing's lock, so it runs once per signing however many callbacks and finalizes arrive.
 */
export async function recordSignature(
  tx: Transaction,
  signing: Pick<SigningRow, 'siteId' | 'customerId' | 'contractId'>,
  today: string,
  at: Date,
) {
  const scope = { siteId: signing.siteId, customerId: signing.customerId };
  const contract = await contractRepository.lockWhole(tx, scope, signing.contractId);
  if (!contract) throw new AppError('CONTRACT_NOT_FOUND', 'No such contract');
  const status = afterSignature(contract.status, contract.startDate, today);
  if (status === null) return;
  await contractRepository.setStatus(tx, contract.id, { status, signedAt: at });
  if (!contract.renewsContractId) return;
  const renewed = await contractRepository.lockWhole(tx, scope, contract.renewsContractId);
  const lastDay = addDays(contract.startDate, -1);
  if (renewed?.status === 'active' && (renewed.endDate === null || renewed.endDate > lastDay)) {
    await contractRepository.setStatus(tx, renewed.id, { status: nextStatus(renewed.status, 'give-notice'), endDate: lastDay });
  }
}

/**
 * Reads a signing's state back from its service and settles it once (docs/decisions/033-signing-port.md): a
 * callback only says which signing changed, a finalize asks the same. Signed: the file is fetched and kept, and
 * the contract signed; refused or expired: the contract is cancelled. A signing settled earlier is answered as it is.
 */
export async function settleSigning(deps: SettleDeps, signing: SigningRow, today: string, now: Date): Promise<SigningState> {
  if (signing.state !== 'pending') return signing.state;
  const service = deps.services.find((candidate) => candidate.id === signing.provider);
  if (!service) return signing.state;
  let state: SigningState;
  let file: SignedFile | undefined;
  try {
    state = await service.status(signing.providerToken);
    if (state === 'signed') file = await service.download(signing.providerToken);
  } catch (error) {
    throw new AppError('SIGNING_SERVICE_FAILED', `The signing service could not be asked: ${(error as Error).message}`);
  }
  if (state === 'pending') return state;
  return deps.db.transaction(async (tx) => {
    const locked = await signingRepository.lock(tx, signing.token);
    if (!locked || locked.state !== 'pending') return locked?.state ?? state;
    await signingRepository.settle(tx, signing.token, { state, signedFile: file?.content, signedContentType: file?.contentType, at: now });
    if (state === 'signed') {
      await recordSignature(tx, signing, today, now);
    } else {
      const contract = await contractRepository.lockWhole(
        tx,
        { siteId: signing.siteId, customerId: signing.customerId },
        signing.contractId,
      );
      if (contract?.status === 'awaiting-signature')
        await contractRepository.setStatus(tx, contract.id, { status: nextStatus(contract.status, 'cancel') });
    }
    return state;
  });
}

import type { ContractDetail } from '@portal/schema/contracts';
import { moveOutWindow, readingAllowed, type MoveOut } from '@portal/schema/move-out';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { FINAL_STATUSES, nextStatus, statusOn } from './contract-life-cycle.ts';
import { contractRepository } from './contract-repository.ts';
import { readContractDetail } from './read-contract-detail.ts';

type SiteRules = { managementDisabled: boolean; today: string };

/** The same move-out sent again (a double click, a retry after a lost answer) is the one already recorded. */
function sameMoveOut(
  recorded: { endDate: string; street: string; postalCode: string; city: string; countryCode: string; meterReadingKwh: number | null },
  sent: MoveOut,
) {
  const address = sent.finalInvoiceAddress;
  return (
    recorded.endDate === sent.endDate &&
    recorded.street === address.street &&
    recorded.postalCode === address.postalCode &&
    recorded.city === address.city &&
    recorded.countryCode === address.countryCode &&
    recorded.meterReadingKwh === sent.meterReadingKwh
  );
}

/**
 * POST /api/contracts/{id}/move-out (docs/decisions/032-move-out.md): the customer leaves the place, so the
 * contract gives notice (active → ending) and ends on the moving day; the final invoice goes to the new address.
 * One transaction on the locked contract; sending the same move-out again answers the recorded one.
 */
export async function reportMoveOut(
  deps: { db: Database },
  scope: CustomerScope,
  site: SiteRules,
  contractId: string,
  moveOut: MoveOut,
  reportedBy: string,
): Promise<ContractDetail> {
  if (site.managementDisabled) throw new AppError('CONTRACT_MANAGEMENT_DISABLED', 'Contracts are managed by customer service here');
  return deps.db.transaction(async (tx) => {
    const locked = await contractRepository.lockForChange(tx, scope, contractId);
    if (!locked) throw new AppError('CONTRACT_NOT_FOUND', 'No such contract');
    const answer = async () => (await readContractDetail(tx, scope, locked.id, site.today))!;

    const recorded = await contractRepository.moveOutOf(tx, locked.id);
    if (recorded) {
      if (sameMoveOut(recorded, moveOut)) return answer();
      throw new AppError('MOVE_OUT_ALREADY_REPORTED', 'A move-out of this contract was already reported; customer service can change it');
    }
    if (FINAL_STATUSES.includes(statusOn(locked.status, locked.endDate, site.today))) {
      throw new AppError('CONTRACT_STATUS_REFUSED', 'An ended or cancelled contract has nothing to move out of');
    }
    const status = nextStatus(locked.status, 'give-notice');
    const window = moveOutWindow(site.today, locked);
    if (!window || moveOut.endDate < window.earliest || moveOut.endDate > window.latest) {
      throw new AppError(
        'MOVE_OUT_DATE_REFUSED',
        window
          ? `Choose a moving day from ${window.earliest} to ${window.latest}`
          : 'This contract has no day left on which a move-out could end it',
      );
    }
    if (moveOut.meterReadingKwh !== null && !readingAllowed(moveOut.endDate, site.today)) {
      throw new AppError('MOVE_OUT_READING_TOO_EARLY', 'A meter reading can be given once the moving day has come');
    }
    await contractRepository.recordMoveOut(tx, locked.id, { ...moveOut, status, reportedBy });
    return answer();
  });
}

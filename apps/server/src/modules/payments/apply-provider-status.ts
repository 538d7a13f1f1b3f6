import type { PaymentProviderId, PaymentStatus } from '@portal/schema/payments';
import type { ProviderStatus } from '../../integrations/payments/port.ts';
import type { Database } from '../../platform/database.ts';
import { OPEN_STATUSES, paymentRepository } from './payment-repository.ts';

export type AppliedStatus = { paymentId: string; status: PaymentStatus; transition: PaymentStatus | null };

/**
 * What the provider says about a payment, applied once (rules 3 and 5). The payment is locked and a final state
 * is never left; a confirmation for another amount than the payment's is not accepted; a confirmation pays the
 * invoice only while it still owes, so confirmed payments never add up to more than the invoice and a second one
 * becomes 'refund-due'. A callback arriving twice, or racing the payer's return, records the payment exactly once.
 */
export async function applyProviderStatus(
  deps: { db: Database },
  provider: PaymentProviderId,
  status: ProviderStatus,
  source: 'callback' | 'status',
): Promise<AppliedStatus | null> {
  return deps.db.transaction(async (tx) => {
    const locked = await paymentRepository.lockByReference(tx, provider, status.providerReference);
    if (!locked) return null;
    const current = locked.status;
    const open = (OPEN_STATUSES as readonly string[]).includes(current);
    const amountMatches = status.amountCents === undefined || status.amountCents === locked.amountCents;
    let next: PaymentStatus = current;
    if (open && status.state !== 'pending' && !(status.state === 'confirmed' && !amountMatches)) next = status.state;
    if (open && next === 'confirmed' && !(await paymentRepository.invoiceStillOwes(tx, locked))) next = 'refund-due';
    const transition = next !== current ? next : null;
    await paymentRepository.recordEvent(tx, {
      paymentId: locked.id,
      source,
      providerState: amountMatches
        ? status.providerState
        : `${status.providerState} (amount ${status.amountCents} ≠ ${locked.amountCents})`,
      transition,
    });
    if (transition) await paymentRepository.moveTo(tx, locked, { status: transition, providerState: status.providerState, at: new Date() });
    return { paymentId: locked.id, status: next, transition };
  });
}

import type { PaymentView } from '@portal/schema/payments';
import { PaymentProviderError } from '../../integrations/payments/port.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { applyProviderStatus } from './apply-provider-status.ts';
import type { PaymentProviders } from './payment-providers.ts';
import { paymentRepository } from './payment-repository.ts';
import type { CustomerScope } from '../../platform/actor.ts';

/**
 * A payment of the acting customer as the payment pages follow it: while it is pending the provider is asked for
 * news first, since a callback may be late or never come. A provider that is slow or down leaves it pending.
 */
export async function followPayment(
  deps: { db: Database; providers: PaymentProviders },
  scope: CustomerScope,
  paymentId: string,
  onProviderTrouble: (error: PaymentProviderError) => void,
): Promise<PaymentView> {
  const found = await paymentRepository.find(deps.db, scope, paymentId);
  if (!found) throw new AppError('PAYMENT_NOT_FOUND', 'No such payment');
  const { row } = found;
  const provider = deps.providers.byId(row.provider);
  if (row.status !== 'pending' || !row.providerReference || !provider) return found.view;
  try {
    await applyProviderStatus(deps, row.provider, await provider.fetchStatus(row.providerReference), 'status');
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    onProviderTrouble(error);
  }
  return (await paymentRepository.view(deps.db, row.id))!;
}

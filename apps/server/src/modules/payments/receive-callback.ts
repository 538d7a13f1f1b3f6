import {
  CallbacksNotSupportedError,
  ForgedCallbackError,
  PaymentProviderError,
  type CallbackRequest,
} from '../../integrations/payments/port.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { applyProviderStatus } from './apply-provider-status.ts';
import type { PaymentProviders } from './payment-providers.ts';
import { paymentRepository } from './payment-repository.ts';

/**
 * A provider's server reports a change. The callback only names the payment: its authenticity is the provider's
 * signature (simulator: HMAC), and the state is always read back over the provider's API, so a callback can never
 * mark an invoice paid by what it claims.
 */
export async function receiveCallback(
  deps: { db: Database; providers: PaymentProviders },
  providerId: string,
  callback: CallbackRequest,
): Promise<void> {
  const provider = deps.providers.byId(providerId);
  if (!provider) throw new AppError('PAYMENT_PROVIDER_UNKNOWN', `No payment provider ${providerId}`);
  let reference: string;
  try {
    ({ providerReference: reference } = await provider.readCallback(callback));
  } catch (error) {
    if (error instanceof ForgedCallbackError) throw new AppError('CALLBACK_SIGNATURE_INVALID', 'The callback signature is not valid');
    if (error instanceof CallbacksNotSupportedError) throw new AppError('CALLBACKS_NOT_SUPPORTED', `${provider.id} sends no callbacks`);
    if (error instanceof PaymentProviderError || error instanceof SyntaxError) {
      throw new AppError('CALLBACK_INVALID', 'The callback is not readable');
    }
    throw error;
  }
  if (!(await paymentRepository.findByReference(deps.db, provider.id, reference)))
    throw new AppError('PAYMENT_NOT_FOUND', 'No such payment');
  await applyProviderStatus(deps, provider.id, await provider.fetchStatus(reference), 'callback');
}

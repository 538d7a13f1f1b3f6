import type { PaymentProviderId, StartedPayment } from '@portal/schema/payments';
import { PaymentProviderError, type PaymentProvider } from '../../integrations/payments/port.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import type { InvoiceRepository, InvoiceScope } from '../invoices/invoice-repository.ts';
import { invoiceTexts } from '../invoices/invoice-texts.ts';
import type { PaymentRepository } from './payment-repository.ts';
import type { LocaleId } from '@portal/schema/locale-ids';

export type PaymentProviders = { list: PaymentProvider[]; byId: (id: string) => PaymentProvider | undefined };

export function paymentProviders(list: PaymentProvider[]): PaymentProviders {
  return { list, byId: (id) => list.find((provider) => provider.id === id) };
}

type Input = {
  scope: InvoiceScope;
  invoiceNumber: string;
  providerId?: PaymentProviderId;
  bankBic?: string;
  personId: string;
  /** The portal's origin as the browser sees it: the provider sends the payer back there. */
  origin: string;
  locale: LocaleId;
  payerIp: string;
  merchantName: string;
};

/**
 * Starts paying an invoice: a payment row first (so a callback can never arrive for a payment the portal
 * does not know), then the provider, then the provider's reference. The amount is the invoice's, never
 * the browser's.
 */
export async function startPayment(
  deps: { invoices: InvoiceRepository; payments: PaymentRepository; providers: PaymentProviders },
  input: Input,
): Promise<StartedPayment> {
  const provider = input.providerId ? deps.providers.byId(input.providerId) : deps.providers.list[0];
  if (!provider) {
    throw new HttpError(400, 'ValidationError', input.providerId ? `Payments through ${input.providerId} are not offered` : 'No payment method is configured', 'PAYMENT_PROVIDER_UNAVAILABLE');
  }
  const found = await deps.invoices.findByNumber(input.scope, input.invoiceNumber);
  if (!found) throw notFound('No such invoice', 'INVOICE_NOT_FOUND');
  if (found.paymentStatus === 'paid') throw new HttpError(409, 'ConflictError', 'This invoice is already paid', 'INVOICE_ALREADY_PAID');

  const created = await deps.payments.create({
    siteId: input.scope.siteId,
    customerId: input.scope.customerId,
    invoiceId: found.id,
    provider: provider.id,
    amountCents: found.totalCents,
    startedBy: input.personId,
  });
  const t = invoiceTexts(input.locale);
  try {
    const started = await provider.createPayment({
      paymentId: created.id,
      amountCents: found.totalCents,
      currency: 'EUR',
      description: t('payments.description', { number: found.invoiceNumber }),
      referenceNumber: found.referenceNumber,
      merchantName: input.merchantName,
      siteId: input.scope.siteId,
      locale: input.locale,
      returnUrl: `${input.origin}/invoices/${found.id}/payment-processing?payment=${created.id}`,
      callbackUrl: `${input.origin}/api/payments/callback/${provider.id}`,
      payerIp: input.payerIp,
      bankBic: input.bankBic,
    });
    await deps.payments.markStarted(created.id, started.providerReference);
    return { paymentId: created.id, provider: provider.id, redirectUrl: started.redirectUrl };
  } catch (error) {
    await deps.payments.markStartFailed(created.id, String(error));
    if (error instanceof PaymentProviderError) {
      throw new HttpError(502, 'PaymentProviderError', 'The payment service could not start the payment; please try again in a moment', 'PAYMENT_PROVIDER_FAILED');
    }
    throw error;
  }
}

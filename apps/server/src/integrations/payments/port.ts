import type { PaymentProviderId } from '@portal/schema/payments';

/** What the portal needs to know of a payment, in its own words; `providerState` keeps the provider's. */
export type ProviderPaymentState = 'pending' | 'confirmed' | 'failed';

export type CreatePaymentInput = {
  /** The portal's payment id: the provider's order reference. */
  paymentId: string;
  amountCents: number;
  currency: 'EUR';
  /** Shown to the payer and carried to the bank statement. */
  description: string;
  /** The RF creditor reference of the invoice. */
  referenceNumber: string;
  merchantName: string;
  siteId: string;
  locale: string;
  /** Where the provider sends the payer back: /invoices/{id}/payment-processing?payment=… */
  returnUrl: string;
  /** Where the provider's server reports changes. */
  callbackUrl: string;
  payerIp: string;
  /** The payer's bank, by BIC, for open banking; card gateways ignore it. */
  bankBic?: string;
};

export type CreatedProviderPayment = { providerReference: string; redirectUrl: string };

export type ProviderStatus = {
  providerReference: string;
  state: ProviderPaymentState;
  providerState: string;
  /** The amount the provider holds, when it says; a confirmation for another amount is not accepted. */
  amountCents?: number;
};

export type CallbackRequest = {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string | undefined>;
  rawBody: string;
};

/** A callback that could not have come from the provider: the signature is missing or wrong. */
export class ForgedCallbackError extends Error {}
/** A provider that reports by redirect and status polls only. */
export class CallbacksNotSupportedError extends Error {}
/** The provider could not be reached or refused the call. */
export class PaymentProviderError extends Error {}

/**
 * The payment port (rule 8): the simulator, EveryPay and Neonomics all speak it. A callback only tells
 * the portal which payment changed; the state is always read back with `fetchStatus`, over the provider's
 * authenticated API, so a callback can never mark an invoice paid by what it claims.
 */
export interface PaymentProvider {
  readonly id: PaymentProviderId;
  createPayment(input: CreatePaymentInput): Promise<CreatedProviderPayment>;
  fetchStatus(providerReference: string): Promise<ProviderStatus>;
  /** Authenticates a callback and names the payment it concerns; throws ForgedCallbackError otherwise. */
  readCallback(request: CallbackRequest): Promise<{ providerReference: string }>;
}

import type { PaymentProvider } from '../../integrations/payments/port.ts';

/** The providers this installation pays through (docs/decisions/011-payment-providers.md). */
export type PaymentProviders = { list: PaymentProvider[]; byId: (id: string) => PaymentProvider | undefined };

export function paymentProviders(list: PaymentProvider[]): PaymentProviders {
  return { list, byId: (id) => list.find((provider) => provider.id === id) };
}

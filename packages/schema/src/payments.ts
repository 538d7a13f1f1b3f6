import { z } from 'zod';
import { paymentProvider } from './enums.ts';

/** Spec §3 names the real providers; SIMULATOR is the embedded default that stands in for them locally. */
export const PAYMENT_PROVIDER_IDS = [...paymentProvider.options, 'SIMULATOR'] as const;
export const paymentProviderId = z.enum(PAYMENT_PROVIDER_IDS);
export type PaymentProviderId = z.infer<typeof paymentProviderId>;

/** 'refund-due': the provider took money for an invoice that another payment had already paid. */
export const paymentStatus = z.enum(['created', 'pending', 'confirmed', 'failed', 'refund-due']);
export type PaymentStatus = z.infer<typeof paymentStatus>;

export const startPaymentRequest = z.object({
  provider: paymentProviderId.optional(),
  /** The payer's bank for open banking (GET /api/banks?type=payment); card payments need none. */
  bankBic: z
    .string()
    .regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'bankBic is not a BIC')
    .optional(),
});
export type StartPaymentRequest = z.infer<typeof startPaymentRequest>;

/** The Idempotency-Key header (IETF draft-ietf-httpapi-idempotency-key-header): a retry names the same payment. */
export const startPaymentHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{8,255}$/, 'Idempotency-Key must be 8 to 255 printable ASCII characters')
    .optional(),
});

export const startedPayment = z
  .object({ paymentId: z.string(), provider: paymentProviderId, redirectUrl: z.string() })
  .meta({ id: 'StartedPayment' });
export type StartedPayment = z.infer<typeof startedPayment>;

export const paymentView = z
  .object({
    id: z.string(),
    invoiceId: z.string(),
    invoiceNumber: z.string(),
    provider: paymentProviderId,
    status: paymentStatus,
    amountCents: z.number().int(),
    currency: z.literal('EUR'),
    createdAt: z.string(),
    confirmedAt: z.string().nullable(),
  })
  .meta({ id: 'Payment' });
export type PaymentView = z.infer<typeof paymentView>;

import { setTimeout as sleep } from 'node:timers/promises';
import type { LocaleId } from '@portal/schema/locale-ids';
import type { PaymentProviderId, StartedPayment } from '@portal/schema/payments';
import { PaymentProviderError, type PaymentProvider } from '../../integrations/payments/port.ts';
import { isUniqueViolation, type Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { invoiceRepository, type InvoiceScope } from '../invoices/invoice-repository.ts';
import { documentTexts } from '../../platform/document-texts.ts';
import { applyProviderStatus } from './apply-provider-status.ts';
import type { PaymentProviders } from './payment-providers.ts';
import { paymentRepository, type PaymentRow } from './payment-repository.ts';

type Deps = { db: Database; providers: PaymentProviders };

type Input = {
  scope: InvoiceScope;
  invoiceNumber: string;
  providerId?: PaymentProviderId;
  bankBic?: string;
  idempotencyKey?: string;
  personId: string;
  /** The portal's origin as the browser sees it: the provider sends the payer back there. */
  origin: string;
  locale: LocaleId;
  payerIp: string;
  merchantName: string;
};

export type StartOutcome = StartedPayment & { reused: boolean };

/** How long a second start waits for a first one that is still talking to the provider. */
const WAIT_FOR_START = { attempts: 25, stepMs: 200 };
/** A start that never reached 'pending' in this time died with its process; it no longer blocks the invoice. */
const ABANDONED_START_MS = 2 * 60_000;

/**
 * Starts paying an invoice, idempotently (docs/decisions/011): an invoice has at most one payment under way, so a
 * repeated start (two clicks, two tabs, a retried request, the same Idempotency-Key) returns the payment already
 * under way instead of a second one. A payment row is written first (so a callback can never arrive for a payment
 * the portal does not know), then the provider is asked, then its reference is kept. The amount is the invoice's,
 * never the browser's.
 */
export async function startPayment(deps: Deps, input: Input): Promise<StartOutcome> {
  const provider = input.providerId ? deps.providers.byId(input.providerId) : deps.providers.list[0];
  if (!provider) {
    throw new AppError(
      'PAYMENT_PROVIDER_UNAVAILABLE',
      input.providerId ? `Payments through ${input.providerId} are not offered` : 'No payment method is configured',
    );
  }
  const found = await invoiceRepository.findByNumber(deps.db, input.scope, input.invoiceNumber);
  if (!found) throw new AppError('INVOICE_NOT_FOUND', 'No such invoice');

  if (input.idempotencyKey) {
    const earlier = await paymentRepository.byIdempotencyKey(deps.db, input.scope, input.idempotencyKey);
    if (earlier && earlier.invoiceId !== found.id) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key already started the payment of another invoice');
    }
    if (earlier) return resume(deps, earlier);
  }

  for (let attempt = 0, invoice = found; attempt < 3; attempt += 1) {
    if (attempt > 0) invoice = (await invoiceRepository.findByNumber(deps.db, input.scope, input.invoiceNumber)) ?? invoice;
    if (invoice.paymentStatus === 'paid') throw new AppError('INVOICE_ALREADY_PAID', 'This invoice is already paid');
    const open = await openPaymentStillUnderWay(deps, await paymentRepository.openFor(deps.db, found.id));
    if (open) return reuse(deps, open, provider, input.bankBic);
    try {
      const created = await paymentRepository.create(deps.db, {
        siteId: input.scope.siteId,
        customerId: input.scope.customerId,
        invoiceId: found.id,
        provider: provider.id,
        amountCents: found.totalCents,
        startedBy: input.personId,
        bankBic: input.bankBic ?? null,
        idempotencyKey: input.idempotencyKey ?? null,
      });
      return { ...(await askProvider(deps, provider, created, invoice, input)), reused: false };
    } catch (error) {
      // Another request created the invoice's open payment (or used the same key) between our read and write.
      if (!isUniqueViolation(error)) throw error;
      if (input.idempotencyKey) {
        const raced = await paymentRepository.byIdempotencyKey(deps.db, input.scope, input.idempotencyKey);
        if (raced) return resume(deps, raced);
      }
    }
  }
  throw new AppError('PAYMENT_IN_PROGRESS', 'A payment of this invoice is being started; try again in a moment');
}

async function askProvider(
  deps: Deps,
  provider: PaymentProvider,
  created: PaymentRow,
  invoice: { id: string; invoiceNumber: string; totalCents: number; referenceNumber: string },
  input: Input,
): Promise<StartedPayment> {
  const t = documentTexts(input.locale);
  try {
    const started = await provider.createPayment({
      paymentId: created.id,
      amountCents: invoice.totalCents,
      currency: 'EUR',
      description: t('payments.description', { number: invoice.invoiceNumber }),
      referenceNumber: invoice.referenceNumber,
      merchantName: input.merchantName,
      siteId: input.scope.siteId,
      locale: input.locale,
      returnUrl: `${input.origin}/invoices/${invoice.id}/payment-processing?payment=${created.id}`,
      callbackUrl: `${input.origin}/api/payments/callback/${provider.id}`,
      payerIp: input.payerIp,
      bankBic: input.bankBic,
    });
    await deps.db.transaction((tx) => paymentRepository.markStarted(tx, created.id, started));
    return { paymentId: created.id, provider: provider.id, redirectUrl: started.redirectUrl };
  } catch (error) {
    await deps.db.transaction((tx) => paymentRepository.markStartFailed(tx, created.id, String(error)));
    if (error instanceof PaymentProviderError) {
      throw new AppError('PAYMENT_PROVIDER_FAILED', 'The payment service could not start the payment; please try again in a moment');
    }
    throw error;
  }
}

/**
 * The open payment, unless it is over: a start abandoned half-way is failed, and a pending one is checked with
 * its provider (the payer may have given up at the bank, which the provider then reports as failed).
 */
async function openPaymentStillUnderWay(deps: Deps, open: PaymentRow | null): Promise<PaymentRow | null> {
  if (!open) return null;
  if (open.status === 'created' && Date.now() - open.createdAt.getTime() > ABANDONED_START_MS) {
    await deps.db.transaction((tx) => paymentRepository.markStartFailed(tx, open.id, 'start abandoned'));
    return null;
  }
  const provider = deps.providers.byId(open.provider);
  if (open.status === 'pending' && open.providerReference && provider) {
    try {
      const applied = await applyProviderStatus(deps, open.provider, await provider.fetchStatus(open.providerReference), 'status');
      if (applied && applied.status !== 'pending') return null;
    } catch (error) {
      // The provider being slow or down leaves the payment pending: the payer continues where they were.
      if (!(error instanceof PaymentProviderError)) throw error;
    }
  }
  return open;
}

/** A second start of an invoice's payment: the payer goes back to the page of the payment under way. */
async function reuse(deps: Deps, open: PaymentRow, provider: PaymentProvider, bankBic: string | undefined): Promise<StartOutcome> {
  if (open.provider !== provider.id || (bankBic && open.bankBic && bankBic !== open.bankBic)) {
    throw new AppError(
      'PAYMENT_OTHER_METHOD_IN_PROGRESS',
      'A payment of this invoice is already under way with another payment method; finish it, or wait until it lapses',
    );
  }
  return resume(deps, open);
}

/** The started payment of a row, waiting a moment when another request is still talking to the provider. */
async function resume(deps: Deps, row: PaymentRow): Promise<StartOutcome> {
  let current: PaymentRow | null = row;
  for (let attempt = 0; current?.status === 'created' && attempt < WAIT_FOR_START.attempts; attempt += 1) {
    await sleep(WAIT_FOR_START.stepMs);
    current = await paymentRepository.byId(deps.db, row.id);
  }
  if (!current || current.status === 'created') {
    throw new AppError('PAYMENT_IN_PROGRESS', 'A payment of this invoice is being started; try again in a moment');
  }
  if (!current.redirectUrl) {
    throw new AppError('PAYMENT_PROVIDER_FAILED', 'The payment service could not start the payment; please try again in a moment');
  }
  return { paymentId: current.id, provider: current.provider, redirectUrl: current.redirectUrl, reused: true };
}

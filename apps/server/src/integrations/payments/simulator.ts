import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { simulatedPayment } from '../../db/schema/billing.ts';
import type { Database } from '../../platform/database.ts';
import { isValidCallbackSignature, signCallback } from './callback-signature.ts';
import {
  ForgedCallbackError,
  PaymentProviderError,
  type CallbackRequest,
  type PaymentProvider,
  type ProviderPaymentState,
} from './port.ts';

export const SIMULATOR_SIGNATURE_HEADER = 'x-simulator-signature';
export type SimulatorDecision = 'approve' | 'decline' | 'pending';

const STATES: Record<string, ProviderPaymentState> = { pending: 'pending', approved: 'confirmed', declined: 'failed' };

/**
 * The embedded default payment provider: it keeps its own book (simulated_payment), sends the payer to a
 * page under /payment-simulator where they approve, decline or leave the payment pending, and reports back
 * with a callback signed by HMAC, as a real provider would.
 */
export function createPaymentSimulator(db: Database, callbackSecret: string) {
  const provider: PaymentProvider = {
    id: 'SIMULATOR',
    async createPayment(input) {
      const reference = `SIM-${randomBytes(12).toString('hex')}`;
      await db.insert(simulatedPayment).values({
        reference,
        siteId: input.siteId,
        amountCents: input.amountCents,
        currency: input.currency,
        description: input.description,
        merchantName: input.merchantName,
        returnUrl: input.returnUrl,
      });
      return { providerReference: reference, redirectUrl: `/payment-simulator/${reference}` };
    },
    async fetchStatus(providerReference) {
      const [found] = await db.select().from(simulatedPayment).where(eq(simulatedPayment.reference, providerReference));
      if (!found) throw new PaymentProviderError(`The simulator has no payment ${providerReference}`);
      return { providerReference, state: STATES[found.state] ?? 'pending', providerState: found.state, amountCents: found.amountCents };
    },
    async readCallback(request: CallbackRequest) {
      const signature = request.headers[SIMULATOR_SIGNATURE_HEADER];
      if (!isValidCallbackSignature(callbackSecret, request.rawBody, typeof signature === 'string' ? signature : undefined)) {
        throw new ForgedCallbackError('The callback signature does not match');
      }
      const body = JSON.parse(request.rawBody) as { reference?: unknown };
      if (typeof body.reference !== 'string') throw new ForgedCallbackError('The callback names no payment');
      return { providerReference: body.reference };
    },
  };

  return {
    provider,
    async find(reference: string, siteId: string) {
      const [found] = await db
        .select()
        .from(simulatedPayment)
        .where(and(eq(simulatedPayment.reference, reference), eq(simulatedPayment.siteId, siteId)));
      return found ?? null;
    },
    /** Records the payer's decision once; a payment already approved or declined stays so. */
    async decide(reference: string, siteId: string, decision: SimulatorDecision) {
      const state = decision === 'approve' ? 'approved' : decision === 'decline' ? 'declined' : 'pending';
      await db
        .update(simulatedPayment)
        .set({ state })
        .where(and(eq(simulatedPayment.reference, reference), eq(simulatedPayment.siteId, siteId), eq(simulatedPayment.state, 'pending')));
    },
    /** The callback body and its signature, as the simulator sends them. */
    signedCallback(reference: string, state: string) {
      const rawBody = JSON.stringify({ reference, state, sentAt: new Date().toISOString() });
      return { rawBody, signature: signCallback(callbackSecret, rawBody) };
    },
  };
}
export type PaymentSimulator = ReturnType<typeof createPaymentSimulator>;

import { and, eq, sql } from 'drizzle-orm';
import type { PaymentView } from '@portal/schema/payments';
import { invoice, payment, paymentEvent } from '../../db/schema/billing.ts';
import type { ProviderStatus } from '../../integrations/payments/port.ts';
import type { Database } from '../../platform/database.ts';

export type PaymentScope = { siteId: string; customerId: string };
type PaymentRow = typeof payment.$inferSelect;

const toView = (row: PaymentRow, invoiceNumber: string): PaymentView => ({
  id: row.id,
  invoiceId: row.invoiceId,
  invoiceNumber,
  provider: row.provider as PaymentView['provider'],
  status: row.status as PaymentView['status'],
  amountCents: row.amountCents,
  currency: 'EUR',
  createdAt: row.createdAt.toISOString(),
  confirmedAt: row.confirmedAt?.toISOString() ?? null,
});

export type AppliedStatus = { paymentId: string; status: PaymentView['status']; transition: string | null };

export function createPaymentRepository(db: Database) {
  return {
    async create(values: { siteId: string; customerId: string; invoiceId: string; provider: string; amountCents: number; startedBy: string }) {
      const [row] = await db.insert(payment).values({ ...values, status: 'created' }).returning();
      return row!;
    },

    async markStarted(paymentId: string, providerReference: string) {
      await db.transaction(async (tx) => {
        await tx.update(payment).set({ providerReference, status: 'pending', updatedAt: new Date() }).where(eq(payment.id, paymentId));
        await tx.insert(paymentEvent).values({ paymentId, source: 'start', transition: 'pending' });
      });
    },

    async markStartFailed(paymentId: string, reason: string) {
      await db.transaction(async (tx) => {
        await tx.update(payment).set({ status: 'failed', providerState: reason.slice(0, 200), updatedAt: new Date() }).where(eq(payment.id, paymentId));
        await tx.insert(paymentEvent).values({ paymentId, source: 'start', providerState: 'start-failed', transition: 'failed' });
      });
    },

    /** A payment of the acting customer (rule 1), with its invoice number. */
    async find(scope: PaymentScope, paymentId: string) {
      if (!/^[0-9a-f-]{36}$/i.test(paymentId)) return null;
      const [row] = await db
        .select({ payment, invoiceNumber: invoice.invoiceNumber })
        .from(payment)
        .innerJoin(invoice, eq(invoice.id, payment.invoiceId))
        .where(and(eq(payment.id, paymentId), eq(payment.siteId, scope.siteId), eq(payment.customerId, scope.customerId)));
      return row ? { row: row.payment, view: toView(row.payment, row.invoiceNumber) } : null;
    },

    async findByReference(provider: string, providerReference: string) {
      const [row] = await db
        .select()
        .from(payment)
        .where(and(eq(payment.provider, provider), eq(payment.providerReference, providerReference)));
      return row ?? null;
    },

    async view(paymentId: string) {
      const [row] = await db
        .select({ payment, invoiceNumber: invoice.invoiceNumber })
        .from(payment)
        .innerJoin(invoice, eq(invoice.id, payment.invoiceId))
        .where(eq(payment.id, paymentId));
      return row ? toView(row.payment, row.invoiceNumber) : null;
    },

    /**
     * What the provider says, applied once (rules 3 and 5): the payment row is locked, a final state is never
     * left, and the invoice turns paid in the same transaction as the payment's confirmation, so a callback
     * arriving twice, or racing the payer's return, records the payment exactly once.
     */
    async applyStatus(provider: string, status: ProviderStatus, source: 'callback' | 'status'): Promise<AppliedStatus | null> {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(payment)
          .where(and(eq(payment.provider, provider), eq(payment.providerReference, status.providerReference)))
          .for('update');
        if (!locked) return null;
        const final = locked.status === 'confirmed' || locked.status === 'failed';
        const amountMatches = status.amountCents === undefined || status.amountCents === locked.amountCents;
        let next = locked.status;
        if (!final && status.state !== 'pending' && locked.status !== status.state) {
          next = status.state === 'confirmed' && !amountMatches ? locked.status : status.state;
        }
        const transition = next !== locked.status ? next : null;
        await tx.insert(paymentEvent).values({
          paymentId: locked.id,
          source,
          providerState: amountMatches ? status.providerState : `${status.providerState} (amount ${status.amountCents} ≠ ${locked.amountCents})`,
          transition,
        });
        if (!transition) return { paymentId: locked.id, status: locked.status as AppliedStatus['status'], transition: null };
        const now = new Date();
        await tx
          .update(payment)
          .set({ status: next, providerState: status.providerState, updatedAt: now, confirmedAt: next === 'confirmed' ? now : null })
          .where(eq(payment.id, locked.id));
        if (next === 'confirmed') {
          await tx
            .update(invoice)
            .set({ paymentStatus: 'paid', paidAt: now })
            .where(and(eq(invoice.id, locked.invoiceId), eq(invoice.paymentStatus, 'unpaid')));
        }
        return { paymentId: locked.id, status: next as AppliedStatus['status'], transition };
      });
    },

    async eventsOf(paymentId: string) {
      return db.select().from(paymentEvent).where(eq(paymentEvent.paymentId, paymentId)).orderBy(paymentEvent.id);
    },

    async confirmedCount(invoiceId: string) {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(payment)
        .where(and(eq(payment.invoiceId, invoiceId), eq(payment.status, 'confirmed')));
      return Number(row?.count ?? 0);
    },
  };
}
export type PaymentRepository = ReturnType<typeof createPaymentRepository>;

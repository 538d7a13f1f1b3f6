import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentProviderId, PaymentStatus, PaymentView } from '@portal/schema/payments';
import { invoice, payment, paymentEvent } from '../../db/schema/billing.ts';
import type { Executor, Transaction } from '../../platform/database.ts';
import type { CustomerScope } from '../../platform/actor.ts';

export type PaymentRow = typeof payment.$inferSelect;

/** A payment under way: the database allows one per invoice (payment_one_open_per_invoice). */
export const OPEN_STATUSES = ['created', 'pending'] as const;

const toView = (row: PaymentRow, invoiceNumber: string): PaymentView => ({
  id: row.id,
  invoiceId: row.invoiceId,
  invoiceNumber,
  provider: row.provider,
  status: row.status,
  amountCents: row.amountCents,
  currency: 'EUR',
  createdAt: row.createdAt.toISOString(),
  confirmedAt: row.confirmedAt?.toISOString() ?? null,
});

/** Payments of invoices and their provider events; a customer's reads are scoped to them (rule 1). */
export const paymentRepository = {
  /** Inserts a new payment; throws a unique violation when the invoice already has an open one. */
  async create(
    executor: Executor,
    values: {
      siteId: string;
      customerId: string;
      invoiceId: string;
      provider: PaymentProviderId;
      amountCents: number;
      startedBy: string;
      bankBic: string | null;
      idempotencyKey: string | null;
    },
  ): Promise<PaymentRow> {
    const [row] = await executor
      .insert(payment)
      .values({ ...values, status: 'created' })
      .returning();
    return row!;
  },

  /** The invoice's payment under way (created or pending), if any: the database allows one at most. */
  async openFor(executor: Executor, invoiceId: string): Promise<PaymentRow | null> {
    const [row] = await executor
      .select()
      .from(payment)
      .where(and(eq(payment.invoiceId, invoiceId), inArray(payment.status, [...OPEN_STATUSES])));
    return row ?? null;
  },

  async byIdempotencyKey(executor: Executor, scope: CustomerScope, key: string): Promise<PaymentRow | null> {
    const [row] = await executor
      .select()
      .from(payment)
      .where(and(eq(payment.siteId, scope.siteId), eq(payment.customerId, scope.customerId), eq(payment.idempotencyKey, key)));
    return row ?? null;
  },

  async byId(executor: Executor, paymentId: string): Promise<PaymentRow | null> {
    const [row] = await executor.select().from(payment).where(eq(payment.id, paymentId));
    return row ?? null;
  },

  /** The provider took the payment: the payer is on their way to its page. */
  async markStarted(tx: Transaction, paymentId: string, started: { providerReference: string; redirectUrl: string }) {
    await tx
      .update(payment)
      .set({ ...started, status: 'pending', updatedAt: new Date() })
      .where(eq(payment.id, paymentId));
    await tx.insert(paymentEvent).values({ paymentId, source: 'start', transition: 'pending' });
  },

  /** A start that never reached the provider, or one abandoned half-way: it no longer blocks a new one. */
  async markStartFailed(tx: Transaction, paymentId: string, reason: string) {
    const updated = await tx
      .update(payment)
      .set({ status: 'failed', providerState: reason.slice(0, 200), updatedAt: new Date() })
      .where(and(eq(payment.id, paymentId), eq(payment.status, 'created')))
      .returning({ id: payment.id });
    if (updated.length > 0) {
      await tx.insert(paymentEvent).values({ paymentId, source: 'start', providerState: 'start-failed', transition: 'failed' });
    }
  },

  /** A payment of the acting customer (rule 1), with its invoice number. */
  async find(executor: Executor, scope: CustomerScope, paymentId: string) {
    if (!/^[0-9a-f-]{36}$/i.test(paymentId)) return null;
    const [row] = await executor
      .select({ payment, invoiceNumber: invoice.invoiceNumber })
      .from(payment)
      .innerJoin(invoice, eq(invoice.id, payment.invoiceId))
      .where(and(eq(payment.id, paymentId), eq(payment.siteId, scope.siteId), eq(payment.customerId, scope.customerId)));
    return row ? { row: row.payment, view: toView(row.payment, row.invoiceNumber) } : null;
  },

  async findByReference(executor: Executor, provider: PaymentProviderId, providerReference: string) {
    const [row] = await executor
      .select()
      .from(payment)
      .where(and(eq(payment.provider, provider), eq(payment.providerReference, providerReference)));
    return row ?? null;
  },

  async view(executor: Executor, paymentId: string) {
    const [row] = await executor
      .select({ payment, invoiceNumber: invoice.invoiceNumber })
      .from(payment)
      .innerJoin(invoice, eq(invoice.id, payment.invoiceId))
      .where(eq(payment.id, paymentId));
    return row ? toView(row.payment, row.invoiceNumber) : null;
  },

  /** Locks the payment a provider reference names, for the transaction of a status change. */
  async lockByReference(tx: Transaction, provider: PaymentProviderId, providerReference: string): Promise<PaymentRow | null> {
    const [row] = await tx
      .select()
      .from(payment)
      .where(and(eq(payment.provider, provider), eq(payment.providerReference, providerReference)))
      .for('update');
    return row ?? null;
  },

  async recordEvent(tx: Transaction, event: typeof paymentEvent.$inferInsert) {
    await tx.insert(paymentEvent).values(event);
  },

  async moveTo(tx: Transaction, paying: PaymentRow, change: { status: PaymentStatus; providerState: string; at: Date }) {
    await tx
      .update(payment)
      .set({
        status: change.status,
        providerState: change.providerState,
        updatedAt: change.at,
        confirmedAt: change.status === 'confirmed' ? change.at : null,
      })
      .where(eq(payment.id, paying.id));
    if (change.status === 'confirmed') {
      await tx.update(invoice).set({ paymentStatus: 'paid', paidAt: change.at }).where(eq(invoice.id, paying.invoiceId));
    }
  },

  /**
   * Locks the payment's invoice (so two confirmations of one invoice take turns) and tells whether this payment
   * may still pay it: the invoice is unpaid and the confirmed payments plus this one stay within its total.
   */
  async invoiceStillOwes(tx: Transaction, paying: PaymentRow): Promise<boolean> {
    const [owed] = await tx
      .select({ paymentStatus: invoice.paymentStatus, totalCents: invoice.totalCents })
      .from(invoice)
      .where(eq(invoice.id, paying.invoiceId))
      .for('update');
    if (!owed || owed.paymentStatus === 'paid') return false;
    const [paid] = await tx
      .select({ cents: sql<string>`coalesce(sum(${payment.amountCents}), 0)` })
      .from(payment)
      .where(and(eq(payment.invoiceId, paying.invoiceId), eq(payment.status, 'confirmed')));
    return Number(paid?.cents ?? 0) + paying.amountCents <= owed.totalCents;
  },

  async eventsOf(executor: Executor, paymentId: string) {
    return executor.select().from(paymentEvent).where(eq(paymentEvent.paymentId, paymentId)).orderBy(paymentEvent.id);
  },

  async confirmedTotal(executor: Executor, invoiceId: string) {
    const [row] = await executor
      .select({ count: sql<number>`count(*)::int`, cents: sql<string>`coalesce(sum(${payment.amountCents}), 0)` })
      .from(payment)
      .where(and(eq(payment.invoiceId, invoiceId), eq(payment.status, 'confirmed')));
    return { count: Number(row?.count ?? 0), cents: Number(row?.cents ?? 0) };
  },
};

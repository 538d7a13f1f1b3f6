import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, monthStart, todayIn } from '@portal/schema/calendar-dates';
import { invoice, payment, paymentEvent, simulatedPayment } from '../../db/schema/billing.ts';
import { signCallback } from '../../integrations/payments/callback-signature.ts';
import { buildBilledContract, buildInvoice } from '../../test-support/billing-factories.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

const SECRET = 'payment-callback-secret-for-tests-0123456789';

/** The audit found one 119.34 € invoice with 15 confirmed payments: starting and confirming must be idempotent. */
describe('paying an invoice once', () => {
  const ctx = useTestApp({ PAYMENT_CALLBACK_SECRET: SECRET });
  const today = todayIn('Europe/Helsinki');
  let cookie: string;
  let contract: Awaited<ReturnType<typeof buildBilledContract>>;
  let months = 0;

  beforeAll(async () => {
    cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    contract = await buildBilledContract(ctx.database.db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
  });

  const unpaidInvoice = () => {
    months += 1;
    return buildInvoice(ctx.database.db, { contract, periodStart: monthStart(today, -months), dueDate: addDays(today, 10) });
  };

  const start = (invoiceNumber: string, { body = {}, key }: { body?: object; key?: string } = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/invoices/${invoiceNumber}/payments`,
      headers: {
        host: HOSTS.lumo,
        cookie,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
        ...(key ? { 'idempotency-key': key } : {}),
      },
      payload: body,
    });

  const paymentsOf = (invoiceId: string) => ctx.database.db.select().from(payment).where(eq(payment.invoiceId, invoiceId));

  function callback(reference: string) {
    const rawBody = JSON.stringify({ reference, state: 'approved' });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/payments/callback/SIMULATOR',
      headers: { host: HOSTS.lumo, 'content-type': 'application/json', 'x-simulator-signature': signCallback(SECRET, rawBody) },
      payload: rawBody,
    });
  }

  it('returns the payment under way to a second start instead of making another', async () => {
    const unpaid = await unpaidInvoice();
    const first = await start(unpaid.invoiceNumber);
    const second = await start(unpaid.invoiceNumber);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await paymentsOf(unpaid.id)).toHaveLength(1);
  });

  it('makes one payment of ten starts sent at once', async () => {
    const unpaid = await unpaidInvoice();
    const answers = await Promise.all(Array.from({ length: 10 }, () => start(unpaid.invoiceNumber)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json<{ paymentId: string }>().paymentId)).size).toBe(1);
    expect(await paymentsOf(unpaid.id)).toHaveLength(1);
  });

  it('lets the database refuse a second open payment even if code forgot to look', async () => {
    const unpaid = await unpaidInvoice();
    expect((await start(unpaid.invoiceNumber)).statusCode).toBe(201);
    const values = { siteId: 'lumo', customerId: unpaid.customerId, invoiceId: unpaid.id, provider: 'SIMULATOR' as const, amountCents: 1 };
    await expect(ctx.database.db.insert(payment).values({ ...values, status: 'pending' as const })).rejects.toThrow();
    expect(await paymentsOf(unpaid.id)).toHaveLength(1);
  });

  it('honours the Idempotency-Key header, and refuses the same key for another invoice', async () => {
    const unpaid = await unpaidInvoice();
    const other = await unpaidInvoice();
    const key = 'tab-7f3c2a9e-0001';
    const first = await start(unpaid.invoiceNumber, { key });
    const replay = await start(unpaid.invoiceNumber, { key });
    expect(replay.json()).toEqual(first.json());
    const misuse = await start(other.invoiceNumber, { key });
    expect(misuse.statusCode).toBe(422);
    expect(misuse.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', customerFacing: true });
    expect(await paymentsOf(other.id)).toHaveLength(0);
    const badKey = await start(other.invoiceNumber, { key: 'short' });
    expect(badKey.statusCode).toBe(400);
  });

  it('refuses a second start through another bank while one is under way', async () => {
    const unpaid = await unpaidInvoice();
    expect((await start(unpaid.invoiceNumber, { body: { bankBic: 'NDEAFIHH' } })).statusCode).toBe(201);
    const other = await start(unpaid.invoiceNumber, { body: { bankBic: 'OKOYFIHH' } });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'PAYMENT_OTHER_METHOD_IN_PROGRESS' });
  });

  it('starts anew once the payment under way has failed at the provider', async () => {
    const unpaid = await unpaidInvoice();
    const first = (await start(unpaid.invoiceNumber)).json<{ paymentId: string }>();
    const [row] = await paymentsOf(unpaid.id);
    // The payer gave up at the bank; the provider knows, the portal has not heard yet.
    await ctx.database.db
      .update(simulatedPayment)
      .set({ state: 'declined' })
      .where(eq(simulatedPayment.reference, row!.providerReference!));
    const second = await start(unpaid.invoiceNumber);
    expect(second.statusCode).toBe(201);
    expect(second.json<{ paymentId: string }>().paymentId).not.toBe(first.paymentId);
    expect((await paymentsOf(unpaid.id)).map((each) => each.status).sort()).toEqual(['failed', 'pending']);
  });

  it('confirms once when many confirmations of the same payment arrive at once', async () => {
    const unpaid = await unpaidInvoice();
    await start(unpaid.invoiceNumber);
    const [row] = await paymentsOf(unpaid.id);
    await ctx.database.db
      .update(simulatedPayment)
      .set({ state: 'approved' })
      .where(eq(simulatedPayment.reference, row!.providerReference!));
    const answers = await Promise.all(Array.from({ length: 8 }, () => callback(row!.providerReference!)));
    expect(
      answers.map((answer) => answer.statusCode),
      answers[0]!.body,
    ).toEqual(Array(8).fill(200));
    const events = await ctx.database.db
      .select()
      .from(paymentEvent)
      .where(and(eq(paymentEvent.paymentId, row!.id), eq(paymentEvent.transition, 'confirmed')));
    expect(events).toHaveLength(1);
    const rows = await paymentsOf(unpaid.id);
    expect(rows.map((each) => each.status)).toEqual(['confirmed']);
  });

  it('never lets confirmed payments add up to more than the invoice: a late second one is due a refund', async () => {
    const unpaid = await unpaidInvoice();
    await start(unpaid.invoiceNumber);
    const [late] = await paymentsOf(unpaid.id);
    // The invoice was paid another way (a bank transfer) while the payer was still at the bank.
    await ctx.database.db.update(invoice).set({ paymentStatus: 'paid', paidAt: new Date() }).where(eq(invoice.id, unpaid.id));
    await ctx.database.db
      .update(simulatedPayment)
      .set({ state: 'approved' })
      .where(eq(simulatedPayment.reference, late!.providerReference!));
    expect((await callback(late!.providerReference!)).statusCode).toBe(200);
    const [after] = await paymentsOf(unpaid.id);
    expect(after!.status).toBe('refund-due');
    const paid = await ctx.app.inject({ url: `/api/payments/${late!.id}`, headers: { host: HOSTS.lumo, cookie } });
    expect(paid.json()).toMatchObject({ status: 'refund-due' });
    expect((await start(unpaid.invoiceNumber)).statusCode).toBe(422);
  });
});

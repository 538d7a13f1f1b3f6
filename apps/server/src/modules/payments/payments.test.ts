import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoice, payment, paymentEvent } from '../../db/schema/billing.ts';
import { signCallback } from '../../integrations/payments/callback-signature.ts';
import { buildBilledContract, buildInvoice } from '../../test-support/billing-factories.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { addDays, monthStart, todayIn } from '@portal/schema/calendar-dates';

const SECRET = 'payment-callback-secret-for-tests-0123456789';

describe('paying an invoice through the payment simulator', () => {
  const ctx = useTestApp({ PAYMENT_CALLBACK_SECRET: SECRET });
  let cookie: string;
  let contract: Awaited<ReturnType<typeof buildBilledContract>>;
  const today = todayIn('Europe/Helsinki');

  beforeAll(async () => {
    cookie = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    contract = await buildBilledContract(ctx.database.db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
  });

  async function unpaidInvoice(offset: number) {
    return buildInvoice(ctx.database.db, { contract, periodStart: monthStart(today, -offset), dueDate: addDays(today, 10 - offset) });
  }

  const browser = (extra: Record<string, string> = {}) => ({ host: HOSTS.lumo, cookie, 'sec-fetch-site': 'same-origin', ...extra });

  async function start(invoiceNumber: string) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/invoices/${invoiceNumber}/payments`,
      headers: { ...browser(), 'content-type': 'application/json' },
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ paymentId: string; provider: string; redirectUrl: string }>();
  }

  async function decide(redirectUrl: string, decision: string) {
    return ctx.app.inject({
      method: 'POST',
      url: redirectUrl,
      headers: { ...browser(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `decision=${decision}`,
    });
  }

  const poll = async (paymentId: string) => (await ctx.app.inject({ url: `/api/payments/${paymentId}`, headers: browser() })).json();
  const invoiceRow = async (id: string) => (await ctx.database.db.select().from(invoice).where(eq(invoice.id, id)))[0]!;
  const paymentRow = async (id: string) => (await ctx.database.db.select().from(payment).where(eq(payment.id, id)))[0]!;

  function callback(reference: string, { signature }: { signature?: string } = {}) {
    const rawBody = JSON.stringify({ reference, state: 'approved' });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/payments/callback/SIMULATOR',
      headers: {
        host: HOSTS.lumo,
        'content-type': 'application/json',
        'x-simulator-signature': signature ?? signCallback(SECRET, rawBody),
      },
      payload: rawBody,
    });
  }

  it('starts, shows the simulator page, approves, calls back and marks the invoice paid', async () => {
    const unpaid = await unpaidInvoice(1);
    const started = await start(unpaid.invoiceNumber);
    expect(started).toMatchObject({ provider: 'SIMULATOR' });
    expect(started.redirectUrl).toMatch(/^\/payment-simulator\/SIM-[0-9a-f]{24}$/);

    const page = await ctx.app.inject({ url: started.redirectUrl, headers: browser() });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Lumo Energia Oy');
    expect(page.body).toContain(unpaid.invoiceNumber);
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");

    const decided = await decide(started.redirectUrl, 'approve');
    expect(decided.statusCode).toBe(303);
    expect(decided.headers.location).toBe(`http://${HOSTS.lumo}/invoices/${unpaid.id}/payment-processing?payment=${started.paymentId}`);

    // The signed callback came before the payer's return: the invoice is already paid.
    expect(await invoiceRow(unpaid.id)).toMatchObject({ paymentStatus: 'paid' });
    expect(await poll(started.paymentId)).toMatchObject({
      status: 'confirmed',
      invoiceNumber: unpaid.invoiceNumber,
      amountCents: unpaid.totalCents,
    });
    const listed = await ctx.app.inject({ url: `/api/invoices/${unpaid.invoiceNumber}`, headers: browser() });
    expect(listed.json()).toMatchObject({ paymentStatus: 'paid', overdue: false });
  });

  it('records the payment once when the same callback arrives twice, and after the return', async () => {
    const unpaid = await unpaidInvoice(2);
    const started = await start(unpaid.invoiceNumber);
    const reference = (await paymentRow(started.paymentId)).providerReference!;
    await decide(started.redirectUrl, 'approve');
    // The payer's return polls first, then the provider repeats its callback twice.
    expect(await poll(started.paymentId)).toMatchObject({ status: 'confirmed' });
    expect((await callback(reference)).statusCode).toBe(200);
    expect((await callback(reference)).statusCode).toBe(200);

    const events = await ctx.database.db.select().from(paymentEvent).where(eq(paymentEvent.paymentId, started.paymentId));
    expect(events.filter((event) => event.transition === 'confirmed')).toHaveLength(1);
    expect(events.filter((event) => event.source === 'callback').length).toBeGreaterThanOrEqual(3);
    const paidAt = (await invoiceRow(unpaid.id)).paidAt;
    await callback(reference);
    expect((await invoiceRow(unpaid.id)).paidAt).toEqual(paidAt);
  });

  it('refuses a forged callback and changes nothing', async () => {
    const unpaid = await unpaidInvoice(3);
    const started = await start(unpaid.invoiceNumber);
    const reference = (await paymentRow(started.paymentId)).providerReference!;
    const forged = await callback(reference, {
      signature: signCallback('not-the-secret-not-the-secret-!!', JSON.stringify({ reference, state: 'approved' })),
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'CALLBACK_SIGNATURE_INVALID' });
    expect((await callback(reference, { signature: 'abc' })).statusCode).toBe(401);
    expect((await paymentRow(started.paymentId)).status).toBe('pending');
    expect((await invoiceRow(unpaid.id)).paymentStatus).toBe('unpaid');
  });

  it('does not take the callback’s word: a validly signed callback for an unapproved payment leaves it pending', async () => {
    const unpaid = await unpaidInvoice(4);
    const started = await start(unpaid.invoiceNumber);
    const reference = (await paymentRow(started.paymentId)).providerReference!;
    expect((await callback(reference)).statusCode).toBe(200);
    expect((await paymentRow(started.paymentId)).status).toBe('pending');
    expect((await invoiceRow(unpaid.id)).paymentStatus).toBe('unpaid');
  });

  it('leaves a payment pending, then confirms it when the payer approves later', async () => {
    const unpaid = await unpaidInvoice(5);
    const started = await start(unpaid.invoiceNumber);
    expect((await decide(started.redirectUrl, 'pending')).statusCode).toBe(303);
    expect(await poll(started.paymentId)).toMatchObject({ status: 'pending' });
    expect((await invoiceRow(unpaid.id)).paymentStatus).toBe('unpaid');
    await decide(started.redirectUrl, 'approve');
    expect(await poll(started.paymentId)).toMatchObject({ status: 'confirmed' });
  });

  it('fails a declined payment and keeps the invoice unpaid; paying again is possible', async () => {
    const unpaid = await unpaidInvoice(6);
    const started = await start(unpaid.invoiceNumber);
    await decide(started.redirectUrl, 'decline');
    expect(await poll(started.paymentId)).toMatchObject({ status: 'failed' });
    expect((await invoiceRow(unpaid.id)).paymentStatus).toBe('unpaid');
    // A decided payment cannot be approved afterwards.
    await decide(started.redirectUrl, 'approve');
    expect(await poll(started.paymentId)).toMatchObject({ status: 'failed' });
    const retry = await start(unpaid.invoiceNumber);
    expect(retry.paymentId).not.toBe(started.paymentId);
  });

  it('refuses to pay a paid invoice and shows no one else’s payment', async () => {
    const paid = await buildInvoice(ctx.database.db, {
      contract,
      periodStart: monthStart(today, -9),
      dueDate: addDays(today, -30),
      paymentStatus: 'paid',
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/invoices/${paid.invoiceNumber}/payments`,
      headers: { ...browser(), 'content-type': 'application/json' },
      payload: {},
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'INVOICE_ALREADY_PAID' });

    const unpaid = await unpaidInvoice(7);
    const started = await start(unpaid.invoiceNumber);
    const mikko = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    expect(
      (await ctx.app.inject({ url: `/api/payments/${started.paymentId}`, headers: { host: HOSTS.lumo, cookie: mikko } })).statusCode,
    ).toBe(404);
    const theirs = await ctx.app.inject({
      method: 'POST',
      url: `/api/invoices/${unpaid.invoiceNumber}/payments`,
      headers: { host: HOSTS.lumo, cookie: mikko, 'content-type': 'application/json' },
      payload: {},
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('answers 404 to a callback about a payment it does not know and to a provider it does not use', async () => {
    expect((await callback('SIM-000000000000000000000000')).statusCode).toBe(404);
    const everypay = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/callback/EVERYPAY',
      headers: { host: HOSTS.lumo },
      payload: '',
    });
    expect(everypay.statusCode).toBe(404);
  });
});

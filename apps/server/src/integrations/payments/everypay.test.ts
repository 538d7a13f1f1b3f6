import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoice, paymentEvent } from '../../db/schema/billing.ts';
import { addDays, monthStart, todayIn } from '@portal/schema/calendar-dates';
import { buildBilledContract, buildInvoice } from '../../test-support/billing-factories.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';
import { createEveryPayProvider, everyPayState } from './everypay.ts';

const USERNAME = 'e2f5e2f5e2f5e2f5';
const SECRET = 'ce6b3eb5a3d1b8f7e2c4d9a0f1e3b5c7';

/**
 * A stand-in for EveryPay API v4 on loopback, answering as its integration documentation says:
 * HTTP Basic auth with api_username:api_secret, POST /payments/oneoff → 201 with payment_reference,
 * payment_link and payment_state "initial"; GET /payments/{payment_reference}?api_username → the payment.
 */
async function fakeEveryPay() {
  const server: FastifyInstance = Fastify();
  const payments = new Map<string, { order_reference: string; amount: number; payment_state: string; customer_url: string }>();
  const nonces = new Set<string>();
  const requests: { method: string; url: string; body: unknown }[] = [];
  const authorised = (header: string | undefined) => header === `Basic ${Buffer.from(`${USERNAME}:${SECRET}`).toString('base64')}`;

  server.addHook('onRequest', async (request, reply) => {
    if (!authorised(request.headers.authorization)) return reply.status(401).send({ error: { code: 4001, message: 'Unauthorized' } });
  });
  server.post('/api/v4/payments/oneoff', async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    requests.push({ method: 'POST', url: request.url, body });
    for (const field of ['api_username', 'account_name', 'amount', 'order_reference', 'nonce', 'timestamp', 'customer_url']) {
      if (body[field] === undefined || body[field] === '')
        return reply.status(422).send({ error: { code: 4024, message: `${field} is missing` } });
    }
    if (body.api_username !== USERNAME) return reply.status(401).send({ error: { code: 4001, message: 'api_username mismatch' } });
    if (nonces.has(String(body.nonce))) return reply.status(422).send({ error: { code: 4999, message: 'Nonce has already been used' } });
    nonces.add(String(body.nonce));
    const reference = randomBytes(32).toString('hex');
    payments.set(reference, {
      order_reference: String(body.order_reference),
      amount: Number(body.amount),
      payment_state: 'initial',
      customer_url: String(body.customer_url),
    });
    return reply.status(201).send({
      account_name: body.account_name,
      order_reference: body.order_reference,
      payment_reference: reference,
      payment_link: `https://igw-demo.every-pay.com/lp/${reference.slice(0, 8)}`,
      payment_state: 'initial',
      initial_amount: body.amount,
      standing_amount: body.amount,
      currency: 'EUR',
    });
  });
  server.get('/api/v4/payments/:reference', async (request, reply) => {
    const { reference } = request.params as { reference: string };
    const { api_username } = request.query as { api_username?: string };
    requests.push({ method: 'GET', url: request.url, body: null });
    const found = payments.get(reference);
    if (!found || api_username !== USERNAME) return reply.status(404).send({ error: { code: 4040, message: 'Payment not found' } });
    return {
      payment_reference: reference,
      order_reference: found.order_reference,
      payment_state: found.payment_state,
      initial_amount: found.amount,
      standing_amount: found.amount,
      currency: 'EUR',
      payment_method: 'card',
    };
  });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address() as { port: number };
  return { server, payments, requests, apiUrl: `http://127.0.0.1:${address.port}/api/v4` };
}

describe('EveryPay adapter against a local EveryPay', () => {
  let fake: Awaited<ReturnType<typeof fakeEveryPay>>;
  beforeAll(async () => {
    fake = await fakeEveryPay();
  });
  afterAll(async () => fake.server.close());

  it('starts a one-off payment and reads its state back', async () => {
    const provider = createEveryPayProvider({ apiUrl: fake.apiUrl, apiUsername: USERNAME, apiSecret: SECRET, accountName: 'EUR3D1' });
    const started = await provider.createPayment({
      paymentId: 'a7c1d2e3-0000-4000-8000-000000000001',
      amountCents: 15493,
      currency: 'EUR',
      description: 'Invoice X',
      referenceNumber: 'RF18539007547034',
      merchantName: 'Lumo Energia Oy',
      siteId: 'lumo',
      locale: 'fi-FI',
      returnUrl: 'https://lumo.example/invoices/1/payment-processing?payment=a7c1',
      callbackUrl: 'https://lumo.example/api/payments/callback/EVERYPAY',
      payerIp: '203.0.113.9',
    });
    expect(started.redirectUrl).toMatch(/^https:\/\/igw-demo\.every-pay\.com\/lp\//);
    const sent = fake.requests.at(-1)!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      api_username: USERNAME,
      account_name: 'EUR3D1',
      amount: 154.93,
      locale: 'fi',
      order_reference: 'a7c1d2e3-0000-4000-8000-000000000001',
    });
    expect(await provider.fetchStatus(started.providerReference)).toMatchObject({
      state: 'pending',
      providerState: 'initial',
      amountCents: 15493,
    });
    fake.payments.get(started.providerReference)!.payment_state = 'settled';
    expect(await provider.fetchStatus(started.providerReference)).toMatchObject({ state: 'confirmed', providerState: 'settled' });
  });

  it('maps every EveryPay state', () => {
    expect(everyPayState('settled')).toBe('confirmed');
    for (const state of ['failed', 'abandoned', 'voided', 'refunded', 'chargebacked']) expect(everyPayState(state)).toBe('failed');
    for (const state of ['initial', 'waiting_for_sca', 'sent_for_processing', 'waiting_for_3ds_response', 'authorised'])
      expect(everyPayState(state)).toBe('pending');
  });

  it('reports wrong credentials as a provider error', async () => {
    const provider = createEveryPayProvider({ apiUrl: fake.apiUrl, apiUsername: USERNAME, apiSecret: 'wrong', accountName: 'EUR3D1' });
    await expect(provider.fetchStatus('x'.repeat(64))).rejects.toThrow(/401/);
  });
});

describe('paying through EveryPay end to end', () => {
  let fake: Awaited<ReturnType<typeof fakeEveryPay>>;
  const overrides: Record<string, string> = {
    PAYMENT_PROVIDER: 'EVERYPAY',
    EVERYPAY_API_USERNAME: USERNAME,
    EVERYPAY_API_SECRET: SECRET,
    EVERYPAY_ACCOUNT_NAME: 'EUR3D1',
  };
  beforeAll(async () => {
    fake = await fakeEveryPay();
    overrides.EVERYPAY_API_URL = fake.apiUrl;
  });
  afterAll(async () => fake.server.close());
  const ctx = useTestApp(overrides);

  it('confirms once from EveryPay’s callbacks and ignores what a callback cannot prove', async () => {
    const db = ctx.database.db;
    const cookie = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
    const contract = await buildBilledContract(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    const today = todayIn('Europe/Helsinki');
    const unpaid = await buildInvoice(db, { contract, periodStart: monthStart(today, -1), dueDate: addDays(today, 5) });

    const start = await ctx.app.inject({
      method: 'POST',
      url: `/api/invoices/${unpaid.invoiceNumber}/payments`,
      headers: { host: HOSTS.lumo, cookie, 'content-type': 'application/json' },
      payload: { provider: 'EVERYPAY' },
    });
    expect(start.statusCode, start.body).toBe(201);
    expect(start.json().redirectUrl).toMatch(/every-pay\.com/);
    const [reference] = [...fake.payments.keys()].filter((key) => fake.payments.get(key)!.order_reference === start.json().paymentId);
    expect(fake.payments.get(reference!)!.customer_url).toBe(
      `http://${HOSTS.lumo}/invoices/${unpaid.id}/payment-processing?payment=${start.json().paymentId}`,
    );

    const notify = () =>
      ctx.app.inject({
        url: `/api/payments/callback/EVERYPAY?payment_reference=${reference}&order_reference=${start.json().paymentId}&event_name=status_updated`,
        headers: { host: HOSTS.lumo },
      });
    // A callback before EveryPay has settled proves nothing: the state read back is still "initial".
    expect((await notify()).statusCode).toBe(200);
    expect((await db.select().from(invoice).where(eq(invoice.id, unpaid.id)))[0]!.paymentStatus).toBe('unpaid');

    fake.payments.get(reference!)!.payment_state = 'settled';
    expect((await notify()).statusCode).toBe(200);
    expect((await notify()).statusCode).toBe(200);
    expect((await db.select().from(invoice).where(eq(invoice.id, unpaid.id)))[0]!.paymentStatus).toBe('paid');
    const events = await db.select().from(paymentEvent).where(eq(paymentEvent.paymentId, start.json().paymentId));
    expect(events.filter((event) => event.transition === 'confirmed')).toHaveLength(1);

    const poll = await ctx.app.inject({ url: `/api/payments/${start.json().paymentId}`, headers: { host: HOSTS.lumo, cookie } });
    expect(poll.json()).toMatchObject({ status: 'confirmed', provider: 'EVERYPAY' });

    // A made-up reference is refused without touching anything.
    const forged = await ctx.app.inject({
      url: `/api/payments/callback/EVERYPAY?payment_reference=${'f'.repeat(64)}`,
      headers: { host: HOSTS.lumo },
    });
    expect(forged.statusCode).toBe(404);
  });

  it('does not confirm a payment EveryPay holds for another amount', async () => {
    const db = ctx.database.db;
    const cookie = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
    const contract = await buildBilledContract(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    const today = todayIn('Europe/Helsinki');
    const unpaid = await buildInvoice(db, { contract, periodStart: monthStart(today, -2), dueDate: addDays(today, 5) });
    const start = await ctx.app.inject({
      method: 'POST',
      url: `/api/invoices/${unpaid.invoiceNumber}/payments`,
      headers: { host: HOSTS.lumo, cookie, 'content-type': 'application/json' },
      payload: {},
    });
    const [reference] = [...fake.payments.keys()].filter((key) => fake.payments.get(key)!.order_reference === start.json().paymentId);
    Object.assign(fake.payments.get(reference!)!, { payment_state: 'settled', amount: 0.01 });
    const poll = await ctx.app.inject({ url: `/api/payments/${start.json().paymentId}`, headers: { host: HOSTS.lumo, cookie } });
    expect(poll.json()).toMatchObject({ status: 'pending' });
    expect((await db.select().from(invoice).where(eq(invoice.id, unpaid.id)))[0]!.paymentStatus).toBe('unpaid');
  });
});

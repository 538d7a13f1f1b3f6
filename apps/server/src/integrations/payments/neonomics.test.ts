import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNeonomicsProvider, neonomicsState } from './neonomics.ts';
import { CallbacksNotSupportedError } from './port.ts';

const CLIENT_ID = 'portal-client';
const CLIENT_SECRET = 'portal-client-secret';

/**
 * A stand-in for the Neonomics API on loopback, answering as its documentation says: OAuth2 client
 * credentials at /auth/realms/live/protocol/openid-connect/token; every /ics/v3 call with a Bearer token and
 * x-device-id; a session per bank; SEPA credit initiation, authorisation (redirect link), completion and status.
 */
async function fakeNeonomics() {
  const server: FastifyInstance = Fastify();
  await server.register(formbody);
  const token = randomUUID();
  const sessions = new Map<string, string>();
  const payments = new Map<string, { sessionId: string; body: Record<string, unknown>; redirect: string; status: string }>();
  server.post('/auth/realms/live/protocol/openid-connect/token', async (request, reply) => {
    const body = request.body as Record<string, string>;
    if (body.grant_type !== 'client_credentials' || body.client_id !== CLIENT_ID || body.client_secret !== CLIENT_SECRET) {
      return reply.status(401).send({ error: 'unauthorized_client' });
    }
    return { access_token: token, expires_in: 3600, token_type: 'Bearer' };
  });
  server.addHook('preHandler', async (request, reply) => {
    if (!request.url.startsWith('/ics/')) return;
    if (request.headers.authorization !== `Bearer ${token}` || !request.headers['x-device-id']) {
      return reply.status(401).send({ errorCode: '1001', message: 'Invalid access token' });
    }
  });
  server.get('/ics/v3/banks', async (request) => {
    const { countryCode } = request.query as { countryCode?: string };
    const banks = [
      { id: 'T3BCYW5rLkZJ', bankingGroupName: 'OP', bic: 'OKOYFIHH', countryCode: 'FI', bankDisplayName: 'OP Financial Group' },
      { id: 'SEFCQUVFMlg=', bankingGroupName: 'Swedbank', bic: 'HABAEE2X', countryCode: 'EE', bankDisplayName: 'Swedbank Estonia' },
    ];
    return banks.filter((bank) => !countryCode || bank.countryCode === countryCode);
  });
  server.post('/ics/v3/session', async (request, reply) => {
    const { bankId } = request.body as { bankId?: string };
    if (!bankId) return reply.status(400).send({ errorCode: '1005', message: 'bankId is required' });
    const sessionId = randomUUID();
    sessions.set(sessionId, bankId);
    return reply.status(201).send({ sessionId });
  });
  server.post('/ics/v3/payments/sepa-credit', async (request, reply) => {
    const sessionId = String(request.headers['x-session-id']);
    if (!sessions.has(sessionId)) return reply.status(400).send({ errorCode: '1009', message: 'Invalid session' });
    if (!request.headers['x-psu-ip-address'] || !request.headers['x-redirect-url'])
      return reply.status(400).send({ errorCode: '1007', message: 'Missing PSU headers' });
    const body = request.body as Record<string, unknown>;
    if (!/^\d+\.\d{2}$/.test(String(body.instructedAmount)) || body.currency !== 'EUR')
      return reply.status(400).send({ errorCode: '1008', message: 'Bad amount' });
    const paymentId = randomUUID();
    payments.set(paymentId, { sessionId, body, redirect: String(request.headers['x-redirect-url']), status: 'RCVD' });
    return reply.status(201).send({ paymentId, status: 'RCVD' });
  });
  server.post('/ics/v3/payments/sepa-credit/:paymentId/authorize', async (request, reply) => {
    const found = payments.get((request.params as { paymentId: string }).paymentId);
    if (!found || found.sessionId !== request.headers['x-session-id'])
      return reply.status(404).send({ errorCode: '1404', message: 'Payment not found' });
    return {
      links: [
        {
          type: 'redirect',
          rel: 'authorize',
          href: `https://bank.example/sca?payment=${(request.params as { paymentId: string }).paymentId}`,
          meta: { id: 'sca' },
        },
      ],
    };
  });
  server.post('/ics/v3/payments/sepa-credit/:paymentId/complete', async (request, reply) => {
    const found = payments.get((request.params as { paymentId: string }).paymentId);
    if (!found || found.sessionId !== request.headers['x-session-id'])
      return reply.status(404).send({ errorCode: '1404', message: 'Payment not found' });
    if (found.status === 'RCVD') return reply.status(510).send({ errorCode: '1426', message: 'SCA not completed' });
    return { paymentId: (request.params as { paymentId: string }).paymentId, status: found.status };
  });
  server.get('/ics/v3/payments/sepa-credit/:paymentId/status', async (request, reply) => {
    const found = payments.get((request.params as { paymentId: string }).paymentId);
    if (!found || found.sessionId !== request.headers['x-session-id'])
      return reply.status(404).send({ errorCode: '1404', message: 'Payment not found' });
    return { paymentId: (request.params as { paymentId: string }).paymentId, status: found.status };
  });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const address = server.server.address() as { port: number };
  return { server, payments, apiUrl: `http://127.0.0.1:${address.port}` };
}

describe('Neonomics adapter against a local Neonomics', () => {
  let fake: Awaited<ReturnType<typeof fakeNeonomics>>;
  beforeAll(async () => {
    fake = await fakeNeonomics();
  });
  afterAll(async () => fake.server.close());

  const provider = () =>
    createNeonomicsProvider({
      apiUrl: fake.apiUrl,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      creditorIban: 'FI2112345600000785',
      creditorName: 'Lumo Energia Oy',
    });

  const input = {
    paymentId: 'b1f0c2d3-0000-4000-8000-000000000002',
    amountCents: 15493,
    currency: 'EUR' as const,
    description: 'Lasku SC-1-202610',
    referenceNumber: 'RF18539007547034',
    merchantName: 'Lumo Energia Oy',
    siteId: 'lumo',
    locale: 'fi-FI',
    returnUrl: 'https://lumo.example/invoices/1/payment-processing?payment=b1f0',
    callbackUrl: 'https://lumo.example/api/payments/callback/NEONOMICS',
    payerIp: '203.0.113.9',
    bankBic: 'OKOYFIHH',
  };

  it('initiates a SEPA credit transfer at the payer’s bank and sends the payer to authorise it', async () => {
    const adapter = provider();
    const started = await adapter.createPayment(input);
    expect(started.redirectUrl).toMatch(/^https:\/\/bank\.example\/sca\?payment=/);
    const [stored] = [...fake.payments.values()].slice(-1);
    expect(stored!.redirect).toBe(input.returnUrl);
    expect(stored!.body).toMatchObject({
      creditorAccount: { iban: 'FI2112345600000785' },
      creditorName: 'Lumo Energia Oy',
      instructedAmount: '154.93',
      currency: 'EUR',
      endToEndIdentification: 'b1f0c2d3000040008000000000000002',
    });
    expect(String(stored!.body.remittanceInformationUnstructured)).toContain('RF18539007547034');

    // Back before the bank finished SCA: still pending; completion is refused and that is fine.
    expect(await adapter.fetchStatus(started.providerReference)).toMatchObject({ state: 'pending', providerState: 'RCVD' });
    stored!.status = 'ACSC';
    expect(await adapter.fetchStatus(started.providerReference)).toMatchObject({ state: 'confirmed', providerState: 'ACSC' });
    stored!.status = 'RJCT';
    expect(await adapter.fetchStatus(started.providerReference)).toMatchObject({ state: 'failed' });
  });

  it('refuses a bank Neonomics does not reach, and wrong credentials', async () => {
    await expect(provider().createPayment({ ...input, bankBic: 'NDEAFIHH' })).rejects.toThrow(/does not reach/);
    const wrong = createNeonomicsProvider({
      apiUrl: fake.apiUrl,
      clientId: CLIENT_ID,
      clientSecret: 'nope',
      creditorIban: 'FI2112345600000785',
      creditorName: 'x',
    });
    await expect(wrong.createPayment(input)).rejects.toThrow(/client credentials/);
  });

  it('maps ISO 20022 statuses and sends no callbacks', async () => {
    expect(neonomicsState('ACSP')).toBe('confirmed');
    expect(neonomicsState('ACCP')).toBe('pending');
    expect(neonomicsState('PDNG')).toBe('pending');
    expect(neonomicsState('CANC')).toBe('failed');
    await expect(provider().readCallback({ method: 'POST', headers: {}, query: {}, rawBody: '' })).rejects.toBeInstanceOf(
      CallbacksNotSupportedError,
    );
  });
});

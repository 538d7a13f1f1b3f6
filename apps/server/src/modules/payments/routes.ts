import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBody } from '@portal/schema/errors';
import { paymentView, startedPayment, startPaymentRequest } from '@portal/schema/payments';
import { z } from 'zod';
import {
  CallbacksNotSupportedError,
  ForgedCallbackError,
  PaymentProviderError,
  type CallbackRequest,
} from '../../integrations/payments/port.ts';
import { actorOf, customerOf, requireCustomer } from '../../platform/actor.ts';
import { HttpError, notFound } from '../../platform/errors.ts';
import { requestLocale } from '../../platform/request-locale.ts';
import { todayIn } from '../invoices/calendar-dates.ts';
import type { InvoiceRepository } from '../invoices/invoice-repository.ts';
import type { PaymentRepository } from './payment-repository.ts';
import { startPayment, type PaymentProviders } from './start-payment.ts';

type Options = { invoices: InvoiceRepository; payments: PaymentRepository; providers: PaymentProviders; now?: () => Date };

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };

/** Starting a payment, following it (status poll) and the providers' callbacks. */
export const paymentRoutes: FastifyPluginAsyncZod<Options> = async (app, { invoices, payments, providers, now = () => new Date() }) => {
  async function requireInvoices(request: FastifyRequest) {
    await requireCustomer(request);
    if (!request.site.features.includes('INVOICES')) throw notFound('Invoices are not offered on this site', 'FEATURE_DISABLED');
  }

  app.post(
    '/api/invoices/:invoiceNumber/payments',
    {
      preHandler: requireInvoices,
      schema: {
        tags: ['payments'],
        summary: 'Starts paying an invoice; the answer says where to send the payer',
        params: z.object({ invoiceNumber: z.string().min(1).max(64) }),
        body: startPaymentRequest,
        response: { 201: startedPayment, 409: apiErrorBody, 502: apiErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const started = await startPayment(
        { invoices, payments, providers },
        {
          scope: {
            siteId: actor.siteId,
            customerId: customerOf(request).id,
            today: todayIn(request.site.timezone, now()),
            advancedPostponement: false,
          },
          invoiceNumber: request.params.invoiceNumber,
          providerId: request.body.provider,
          bankBic: request.body.bankBic,
          personId: actor.person.id,
          origin: `${request.protocol}://${request.host}`,
          locale: requestLocale(request),
          payerIp: request.ip,
          merchantName: request.site.companyName,
        },
      );
      return reply.status(201).send(started);
    },
  );

  app.get(
    '/api/payments/:paymentId',
    {
      preHandler: requireInvoices,
      schema: {
        tags: ['payments'],
        summary: 'A payment of the acting customer; while pending, the provider is asked for news first',
        params: z.object({ paymentId: z.string().min(1).max(64) }),
        response: { 200: paymentView, ...errors },
      },
    },
    async (request) => {
      const found = await payments.find({ siteId: actorOf(request).siteId, customerId: customerOf(request).id }, request.params.paymentId);
      if (!found) throw notFound('No such payment', 'PAYMENT_NOT_FOUND');
      const { row } = found;
      const provider = providers.byId(row.provider);
      if (row.status === 'pending' && row.providerReference && provider) {
        try {
          await payments.applyStatus(row.provider, await provider.fetchStatus(row.providerReference), 'status');
        } catch (error) {
          // The provider being slow or down leaves the payment pending; the page keeps polling.
          if (!(error instanceof PaymentProviderError)) throw error;
          request.log.warn({ err: error, paymentId: row.id }, 'payment status poll failed');
        }
        return (await payments.view(row.id))!;
      }
      return found.view;
    },
  );

  // Callbacks come from the providers' servers: no session, no cookies; authenticity is the provider's
  // signature (simulator: HMAC) or, for providers that do not sign, the status read back over their API.
  await app.register(async (callbacks) => {
    callbacks.removeAllContentTypeParsers();
    callbacks.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));

    const handler = async (request: FastifyRequest<{ Params: { provider: string } }>) => {
      const provider = providers.byId(request.params.provider);
      if (!provider) throw notFound(`No payment provider ${request.params.provider}`, 'PAYMENT_PROVIDER_UNKNOWN');
      const callback: CallbackRequest = {
        method: request.method,
        headers: request.headers,
        query: request.query as Record<string, string | undefined>,
        rawBody: typeof request.body === 'string' ? request.body : '',
      };
      let reference: string;
      try {
        ({ providerReference: reference } = await provider.readCallback(callback));
      } catch (error) {
        if (error instanceof ForgedCallbackError) throw new HttpError(401, 'UnauthorizedError', 'The callback signature is not valid', 'CALLBACK_SIGNATURE_INVALID');
        if (error instanceof CallbacksNotSupportedError) throw notFound(`${provider.id} sends no callbacks`, 'CALLBACKS_NOT_SUPPORTED');
        if (error instanceof PaymentProviderError || error instanceof SyntaxError) throw new HttpError(400, 'ValidationError', 'The callback is not readable', 'CALLBACK_INVALID');
        throw error;
      }
      if (!(await payments.findByReference(provider.id, reference))) throw notFound('No such payment', 'PAYMENT_NOT_FOUND');
      const status = await provider.fetchStatus(reference);
      await payments.applyStatus(provider.id, status, 'callback');
      return { received: true };
    };
    const schema = {
      tags: ['payments'],
      params: z.object({ provider: z.string().min(1).max(20) }),
      response: { 200: z.object({ received: z.literal(true) }), ...errors },
    };
    callbacks.post('/api/payments/callback/:provider', { schema: { ...schema, summary: 'Provider callback (server to server)' } }, handler);
    callbacks.get('/api/payments/callback/:provider', { schema: { ...schema, summary: 'Provider callback sent as a GET with query parameters' } }, handler);
  });
};

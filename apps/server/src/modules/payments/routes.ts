import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody } from '@portal/schema/errors';
import { paymentView, startedPayment, startPaymentHeaders, startPaymentRequest } from '@portal/schema/payments';
import { actorOf, customerOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors, refusedError } from '../../platform/error-responses.ts';
import { requestLocale } from '../../platform/request-locale.ts';
import { invoiceScopeOf } from '../invoices/invoice-scope.ts';
import { followPayment } from './follow-payment.ts';
import type { PaymentProviders } from './payment-providers.ts';
import { startPayment } from './start-payment.ts';

type Options = { db: Database; providers: PaymentProviders; now?: () => Date };

/** Starting a payment and following it: in the customer area behind the INVOICES feature. */
export const paymentRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, providers, now = () => new Date() }) => {
  app.post(
    '/api/invoices/:invoiceNumber/payments',
    {
      config: { freshVerification: true, outsideService: 'payments' },
      schema: {
        tags: ['payments'],
        summary: 'Starts paying an invoice, or returns the payment already under way; the answer says where to send the payer',
        params: z.object({ invoiceNumber: z.string().min(1).max(64) }),
        headers: startPaymentHeaders,
        body: startPaymentRequest,
        response: { 200: startedPayment, 201: startedPayment, 409: apiErrorBody, 502: apiErrorBody, ...refusedError, ...guardedErrors },
      },
    },
    async (request, reply) => {
      const { reused, ...started } = await startPayment(
        { db, providers },
        {
          scope: invoiceScopeOf(request, now()),
          invoiceNumber: request.params.invoiceNumber,
          providerId: request.body.provider,
          bankBic: request.body.bankBic,
          idempotencyKey: request.headers['idempotency-key'],
          personId: actorOf(request).person.id,
          origin: `${request.protocol}://${request.host}`,
          locale: requestLocale(request),
          payerIp: request.ip,
          merchantName: request.site.companyName,
        },
      );
      return reply.status(reused ? 200 : 201).send(started);
    },
  );

  app.get(
    '/api/payments/:paymentId',
    {
      config: { outsideService: 'payments' },
      schema: {
        tags: ['payments'],
        summary: 'A payment of the acting customer; while pending, the provider is asked for news first',
        params: z.object({ paymentId: z.string().min(1).max(64) }),
        response: { 200: paymentView, ...guardedErrors },
      },
    },
    async (request) =>
      followPayment(
        { db, providers },
        { siteId: actorOf(request).siteId, customerId: customerOf(request).id },
        request.params.paymentId,
        (error) => request.log.warn({ err: error, paymentId: request.params.paymentId }, 'payment status poll failed'),
      ),
  );
};

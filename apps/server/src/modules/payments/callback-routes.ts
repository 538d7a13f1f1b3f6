import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/database.ts';
import { guardedErrors } from '../../platform/error-responses.ts';
import type { PaymentProviders } from './payment-providers.ts';
import { receiveCallback } from './receive-callback.ts';
import { INPUT_LIMITS } from '../../platform/input-limits.ts';

type Options = { db: Database; providers: PaymentProviders };

/**
 * The providers' callbacks: public, since they come from the providers' servers with no session or cookies.
 * The body reaches the provider's adapter as the raw string it signed.
 */
export const paymentCallbackRoutes: FastifyPluginAsyncZod<Options> = async (app, deps) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: INPUT_LIMITS.paymentCallbackBytes.limit }, (_request, body, done) =>
    done(null, body),
  );

  const handler = async (request: FastifyRequest<{ Params: { provider: string } }>) => {
    await receiveCallback(deps, request.params.provider, {
      method: request.method,
      headers: request.headers,
      query: request.query as Record<string, string | undefined>,
      rawBody: typeof request.body === 'string' ? request.body : '',
    });
    return { received: true as const };
  };
  const schema = {
    tags: ['payments'],
    params: z.object({ provider: z.string().min(1).max(20) }),
    response: { 200: z.object({ received: z.literal(true) }), ...guardedErrors },
  };
  app.post('/api/payments/callback/:provider', { schema: { ...schema, summary: 'Provider callback (server to server)' } }, handler);
  app.get(
    '/api/payments/callback/:provider',
    { schema: { ...schema, summary: 'Provider callback sent as a GET with query parameters' } },
    handler,
  );
};

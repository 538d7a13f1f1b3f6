import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse } from '@portal/schema/health';
import { readinessOf, type ReadinessState } from './readiness.ts';

/**
 * Liveness says the process answers; readiness says it can serve (readiness.ts). Both are also answered on
 * HEALTH_PORT by a thread of their own (health-port.ts), where a busy event loop does not delay them.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ readiness: () => ReadinessState }> = async (app, { readiness }) => {
  app.get(
    '/health/live',
    { schema: { tags: ['health'], summary: 'The process answers (liveness)', response: { 200: healthResponse } } },
    async () => ({
      status: 'ok' as const,
    }),
  );
  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'The copy can serve: database reachable, not closing; the job runner and the meter broker reported (readiness)',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_request, reply) => {
      const { statusCode, answer } = readinessOf(readiness());
      return reply.status(statusCode).send(answer);
    },
  );
};

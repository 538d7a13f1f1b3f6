import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse } from '@portal/schema/health';

/** Liveness says the process answers; readiness says it can serve (database reachable, not shutting down). */
export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<void>; isClosing: () => boolean }> = async (
  app,
  { ping, isClosing },
) => {
  app.get('/health/live', { schema: { tags: ['health'], response: { 200: healthResponse } } }, async () => ({
    status: 'ok' as const,
  }));
  app.get(
    '/health/ready',
    { schema: { tags: ['health'], response: { 200: healthResponse, 503: healthResponse } } },
    async (_request, reply) => {
      if (isClosing()) return reply.status(503).send({ status: 'unavailable', checks: { server: 'closing' } });
      try {
        await ping();
        return { status: 'ok' as const, checks: { database: 'ok' } };
      } catch {
        return reply.status(503).send({ status: 'unavailable', checks: { database: 'unreachable' } });
      }
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse } from '@portal/schema/health';

/**
 * Liveness says the process answers; readiness says it can serve (database reachable, not shutting down). A
 * stuck job runner or an unreachable meter broker is reported in the checks but does not take the copy out of
 * the balancer: it still serves everything else.
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  /** The database probe's last word (platform/database-probe.ts): read from memory, never waiting on the database. */
  database: () => 'ok' | 'unreachable';
  isClosing: () => boolean;
  jobRunner: () => 'ok' | 'stuck' | 'off';
  meterBroker: () => 'ok' | 'reconnecting';
}> = async (app, { database, isClosing, jobRunner, meterBroker }) => {
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
      if (isClosing()) return reply.status(503).send({ status: 'unavailable', checks: { server: 'closing' } });
      const jobs = jobRunner();
      const componentChecks: Record<string, string> = { ...(jobs === 'off' ? {} : { jobs }), meterBroker: meterBroker() };
      if (database() === 'ok') return { status: 'ok' as const, checks: { database: 'ok', ...componentChecks } };
      return reply.status(503).send({ status: 'unavailable', checks: { database: 'unreachable', ...componentChecks } });
    },
  );
};

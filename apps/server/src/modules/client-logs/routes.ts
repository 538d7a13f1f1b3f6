import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientLogRequest, clientLogResponse } from '@portal/schema/client-logs';
import { apiErrorBody } from '@portal/schema/errors';
import { INPUT_LIMITS } from '../../platform/input-limits.ts';
import type { Database } from '../../platform/database.ts';
import { clientLogRepository } from './client-log-repository.ts';

const clientIdPattern = /^[A-Za-z0-9-]{8,64}$/;

export const clientLogRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/logs',
    {
      // A broken page may log in a loop; the limit keeps one browser from filling the table.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      // One log line with its payload; the auth client's `_log` takes the same (modules/auth/routes.ts).
      bodyLimit: INPUT_LIMITS.clientLogBytes.limit,
      schema: {
        tags: ['client logs'],
        summary: 'Records a log line from the web client (error screen, missing translations, session errors)',
        body: clientLogRequest,
        response: { 201: clientLogResponse, 400: apiErrorBody, 413: apiErrorBody, 429: apiErrorBody },
      },
    },
    async (request, reply) => {
      const header = request.headers['x-client-id'];
      const clientId = typeof header === 'string' && clientIdPattern.test(header) ? header : null;
      const id = await clientLogRepository.insert(db, request.body, {
        siteId: request.site.id,
        clientId,
        requestId: request.id,
        userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
      });
      request.log[request.body.level]({ clientId, clientMessage: request.body.message }, 'client log');
      return reply.status(201).send({ id });
    },
  );
};

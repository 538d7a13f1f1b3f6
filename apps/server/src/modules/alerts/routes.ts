import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationDeliveryList } from '@portal/schema/settings';
import { customerScopeOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors } from '../../platform/error-responses.ts';
import { alertRepository } from './alert-repository.ts';

/** How much history the customer sees: the last few months of daily alerts. */
const HISTORY_LENGTH = 100;

export const alertRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/me/notification-history',
    {
      schema: {
        tags: ['me'],
        summary: 'What was sent to the acting customer, on which channel, to whom and when (newest first)',
        response: { 200: notificationDeliveryList, ...guardedErrors },
      },
    },
    async (request) => alertRepository.history(db, customerScopeOf(request), HISTORY_LENGTH),
  );
};

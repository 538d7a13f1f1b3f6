import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataAccessPage, dataAccessQuery } from '@portal/schema/data-access';
import { customerScopeOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors } from '../../platform/error-responses.ts';
import { dataAccessOf } from './data-access-repository.ts';

/** "Who looked at my data" (docs/decisions/076): each time customer service opened or changed the acting customer's data. */
export const dataAccessRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/me/data-access',
    {
      schema: {
        tags: ['me'],
        summary: 'When staff opened or changed this customer’s data: when, which staff role, which part; newest first, paged',
        querystring: dataAccessQuery,
        response: { 200: dataAccessPage, ...guardedErrors },
      },
    },
    async (request) => {
      const { page } = request.query;
      return { ...(await dataAccessOf(db, customerScopeOf(request), page)), page };
    },
  );
};

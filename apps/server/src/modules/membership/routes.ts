import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { membership } from '@portal/schema/settings';
import { customerScopeOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors } from '../../platform/error-responses.ts';
import { membershipOf } from './membership-repository.ts';

/** Spec §7 GET /api/me/membership (MEMBERSHIP_NUMBER): the acting customer's member number in a cooperative utility. */
export const membershipRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/me/membership',
    {
      schema: {
        tags: ['me'],
        summary: "The acting customer's membership number and since when, or nulls for a customer who is not a member",
        response: { 200: membership, ...guardedErrors },
      },
    },
    async (request) => membershipOf(db, customerScopeOf(request)),
  );
};

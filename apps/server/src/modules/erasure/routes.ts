import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { erasureOutcome, erasureRequestIdParams, erasureRequestView, myErasureRequest, staffErasureRequest } from '@portal/schema/erasure';
import { z } from 'zod';
import { actorOf, customerScopeOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors, refusedError } from '../../platform/error-responses.ts';
import { carryOutErasure, erasureQueue, myErasureRequest as findMine, requestErasure, type Caller } from './erasure-requests.ts';

const callerOf = (request: FastifyRequest): Caller => ({
  siteId: actorOf(request).siteId,
  personId: actorOf(request).person.id,
  requestId: request.id,
  ipAddress: request.ip,
});

/** Closing my account (GDPR Art. 17, docs/decisions/122): the customer asks to be forgotten and sees the request. */
export const erasureRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/me/erasure-request',
    {
      schema: {
        tags: ['privacy'],
        summary: "The customer's request to close their account, if they made one",
        response: { 200: myErasureRequest, ...guardedErrors },
      },
    },
    async (request) => ({ request: await findMine(db, customerScopeOf(request)) }),
  );

  app.post(
    '/api/me/erasure-request',
    {
      // Nothing of it can be undone: a long-lived session is asked to show it is them.
      config: { freshVerification: true },
      schema: {
        tags: ['privacy'],
        summary: 'Asks to close the account and be forgotten; refused while a contract is in force or an invoice unpaid',
        response: { 202: erasureRequestView, ...guardedErrors, ...refusedError },
      },
    },
    async (request, reply) =>
      reply.status(202).send(
        await requestErasure(db, customerScopeOf(request), {
          ...callerOf(request),
          actingAsStaff: actorOf(request).actingAs === 'staff',
        }),
      ),
  );
};

/** Customer service's queue of requests to be forgotten on their site, and carrying one out. */
export const erasureStaffRoutes: FastifyPluginAsyncZod<{ db: Database; now?: () => Date }> = async (
  app,
  { db, now = () => new Date() },
) => {
  app.get(
    '/api/staff/erasure-requests',
    {
      schema: {
        tags: ['staff'],
        summary: "This site's requests to close an account that wait to be carried out, oldest first",
        response: { 200: z.array(staffErasureRequest), ...guardedErrors },
      },
    },
    async (request) => erasureQueue(db, actorOf(request).siteId),
  );

  app.post(
    '/api/staff/erasure-requests/:id/carry-out',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['staff'],
        summary: "Carries out a request: the customer's data removed or pseudonymised table by table, bookkeeping kept",
        params: erasureRequestIdParams,
        response: { 200: erasureOutcome, ...guardedErrors, ...refusedError },
      },
    },
    async (request) => carryOutErasure(db, callerOf(request), request.params.id, now()),
  );
};

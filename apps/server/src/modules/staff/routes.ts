import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffActingCustomerRequest } from '@portal/schema/identity';
import { actorOf, CS_REPRESENTATIVE_COOKIE, secureCookie } from '../../platform/actor.ts';
import { guardedErrors } from '../../platform/error-responses.ts';
import type { ActorRepository } from '../../platform/actor-repository.ts';
import { AppError } from '../../platform/errors.ts';

const actingCustomer = z.object({ clientCode: z.string(), name: z.string() });

/** Customer service act for a customer of their own site; each start and stop is audited. */
export const staffRoutes: FastifyPluginAsyncZod<{ actors: ActorRepository }> = async (app, { actors }) => {
  app.post(
    '/api/staff/acting-customer',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['staff'],
        summary: 'Starts acting for a customer of this site by client code',
        body: staffActingCustomerRequest,
        response: { 200: actingCustomer, ...guardedErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const customer = await actors.customerByClientCode(request.body.clientCode, actor.siteId);
      await actors.audit({
        siteId: actor.siteId,
        personId: actor.person.id,
        customerId: customer?.id ?? null,
        action: 'start acting for customer',
        outcome: customer ? 'ok' : 'not found',
        requestId: request.id,
        ipAddress: request.ip,
        details: request.body.clientCode,
      });
      if (!customer) throw new AppError('UNKNOWN_CLIENT_CODE', `No customer of this site has client code ${request.body.clientCode}`);
      reply.setCookie(CS_REPRESENTATIVE_COOKIE, customer.clientCode, secureCookie);
      return { clientCode: customer.clientCode, name: customer.name };
    },
  );

  app.delete(
    '/api/staff/acting-customer',
    {
      schema: { tags: ['staff'], summary: 'Stops acting for a customer', response: { 204: z.null(), ...guardedErrors } },
    },
    async (request, reply) => {
      reply.clearCookie(CS_REPRESENTATIVE_COOKIE, secureCookie);
      return reply.status(204).send(null);
    },
  );
};

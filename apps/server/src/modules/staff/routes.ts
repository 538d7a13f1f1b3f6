import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientCodeParams,
  customerSearchPage,
  customerSearchQuery,
  customerSummary,
  recentCustomers,
} from '@portal/schema/customer-search';
import { staffActingCustomerRequest } from '@portal/schema/identity';
import { actorOf, CS_REPRESENTATIVE_COOKIE, secureCookie } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors } from '../../platform/error-responses.ts';
import { actorRepository } from '../../platform/actor-repository.ts';
import { AppError } from '../../platform/errors.ts';
import { customerCard, recentCustomersOf } from './customer-card.ts';
import { searchCustomers } from './customer-search.ts';

const actingCustomer = z.object({ clientCode: z.string(), name: z.string() });

/**
 * Customer service of one site (docs/decisions/075): find a customer, open their card, act for them and stop.
 * Every search, card and start is in the audit log; what staff read and change while acting is audited by the
 * actor resolution (platform/actor.ts), and the customer reads both in "who looked at my data".
 */
export const staffRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/staff/customers',
    {
      schema: {
        tags: ['staff'],
        summary: 'Finds customers of this site by client code, name, personal code, e-mail, phone, address, GSRN or invoice number',
        description: 'Typo tolerant (trigram similarity, accents ignored), best match first, ten per page.',
        querystring: customerSearchQuery,
        response: { 200: customerSearchPage, ...guardedErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { q, page } = request.query;
      const found = await searchCustomers(db, { id: actor.siteId, countryCode: request.site.countryCode }, q, page);
      // Who searched for what is kept (not whom they found): a search names no one customer.
      await actorRepository.audit(db, {
        siteId: actor.siteId,
        personId: actor.person.id,
        customerId: null,
        action: 'search customers',
        outcome: `${found.results.length}${found.hasMore ? '+' : ''} found`,
        requestId: request.id,
        ipAddress: request.ip,
        details: `page ${page}: ${q}`,
        actorRole: 'customer-service',
      });
      return { ...found, page };
    },
  );

  app.get(
    '/api/staff/customers/:clientCode',
    {
      schema: {
        tags: ['staff'],
        summary: "A customer's card: names, contacts, addresses, usage points, open invoices and active contracts",
        params: clientCodeParams,
        response: { 200: customerSummary, ...guardedErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const card = await customerCard(db, actor.siteId, request.params.clientCode);
      await actorRepository.audit(db, {
        siteId: actor.siteId,
        personId: actor.person.id,
        customerId: card?.id ?? null,
        action: 'open customer card',
        outcome: card ? 'ok' : 'not found',
        requestId: request.id,
        ipAddress: request.ip,
        details: request.params.clientCode,
        actorRole: 'customer-service',
        dataArea: card ? 'customer-card' : null,
      });
      if (!card) throw new AppError('UNKNOWN_CLIENT_CODE', `No customer of this site has client code ${request.params.clientCode}`);
      const { id: _id, ...summary } = card;
      return summary;
    },
  );

  app.get(
    '/api/staff/recent-customers',
    {
      schema: {
        tags: ['staff'],
        summary: 'The customers the caller last opened or acted for on this site, newest first',
        response: { 200: recentCustomers, ...guardedErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return recentCustomersOf(db, actor.siteId, actor.person.id);
    },
  );

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
      const customer = await actorRepository.customerByClientCode(db, request.body.clientCode, actor.siteId);
      await actorRepository.audit(db, {
        siteId: actor.siteId,
        personId: actor.person.id,
        customerId: customer?.id ?? null,
        action: 'start acting for customer',
        outcome: customer ? 'ok' : 'not found',
        requestId: request.id,
        ipAddress: request.ip,
        details: request.body.clientCode,
        actorRole: 'customer-service',
        dataArea: customer ? 'acting' : null,
      });
      if (!customer) throw new AppError('UNKNOWN_CLIENT_CODE', `No customer of this site has client code ${request.body.clientCode}`);
      // Acting for someone else now: what this session streams for the previous customer ends (decision 100).
      if (actor.actingAs === 'staff') await app.longAnswers.endActing(actor.person.sessionId);
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
      // The cookie is the browser's: streams and downloads it opened while acting end on every copy (decision 100).
      const actor = actorOf(request);
      if (actor.actingAs === 'staff') await app.longAnswers.endActing(actor.person.sessionId);
      reply.clearCookie(CS_REPRESENTATIVE_COOKIE, secureCookie);
      return reply.status(204).send(null);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactList, replaceContactsRequest } from '@portal/schema/settings';
import { customerScopeOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors } from '../../platform/error-responses.ts';
import { contactRepository } from './contact-repository.ts';
import { replaceContacts } from './replace-contacts.ts';

/** Spec §7: GET /api/me/primary-contacts, GET and PUT /api/me/contacts, for the acting customer. */
export const contactRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/me/primary-contacts',
    {
      schema: {
        tags: ['me'],
        summary: "The acting customer's primary contact of each method",
        response: { 200: contactList, ...guardedErrors },
      },
    },
    async (request) => contactRepository.list(db, customerScopeOf(request), { primaryOnly: true }),
  );

  app.get(
    '/api/me/contacts',
    { schema: { tags: ['me'], summary: "The acting customer's contacts", response: { 200: contactList, ...guardedErrors } } },
    async (request) => contactRepository.list(db, customerScopeOf(request)),
  );

  app.put(
    '/api/me/contacts',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['me'],
        summary: "Replaces the acting customer's contacts with the list sent",
        body: replaceContactsRequest,
        response: { 200: contactList, ...guardedErrors },
      },
    },
    async (request) => replaceContacts(db, customerScopeOf(request), request.site, request.body),
  );
};

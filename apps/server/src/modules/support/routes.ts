import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactRequest,
  localeQuery,
  myTicketRequest,
  SUPPORT_CHANNELS,
  supportChannelOption,
  supportSubtype,
  supportTopic,
  ticketCloseRequest,
  ticketCommentRequest,
  ticketDetail,
  ticketSatisfactionRequest,
} from '@portal/schema/support';
import { actorOf, customerScopeOf } from '../../platform/actor.ts';
import type { CrmSystem } from '../../integrations/crm/port.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors, refusedError } from '../../platform/error-responses.ts';
import { AppError } from '../../platform/errors.ts';
import { personLocale } from '../../platform/request-locale.ts';
import { sendTicketFile } from './attachment-download.ts';
import { acceptAttachments, readAttachments, uploadsOf } from './attachment-upload.ts';
import { createMyTicket } from './create-my-ticket.ts';
import { closeTicket, commentOnTicket, rateTicket } from './customer-ticket-actions.ts';
import type { Sender } from './open-ticket.ts';
import { sendContactRequest } from './send-contact-request.ts';
import { nameIn, supportRepository } from './support-repository.ts';
import { ticketDetails } from './ticket-views.ts';

/** Names in the asked locale, then the person's, then the site's default (docs/decisions/054). */
export function nameLocalesOf(request: FastifyRequest, asked: string | undefined): string[] {
  return [asked, personLocale(request), request.site.defaultLocaleId].filter((locale): locale is string => Boolean(locale));
}

const ticketParams = z.object({ id: z.string().min(1).max(64) });
export const attachmentParams = ticketParams.extend({ attachmentId: z.string().min(1).max(64) });

/** How a call that takes files says so in the API reference (docs/decisions/055). */
export const WITH_FILES =
  'JSON, or multipart/form-data with the same JSON in a part named "request" and up to 5 files (PNG, JPEG, WebP or PDF, ' +
  '5 MB each, judged by content) in parts named "files"; 413 when over the limits.';

const senderOf = (request: FastifyRequest, crm: CrmSystem): Sender => ({
  crm,
  actor: actorOf(request),
  customerId: customerScopeOf(request).customerId,
  site: request.site,
  localeId: personLocale(request),
  now: new Date(),
});

/**
 * Support calls of spec §7 for the acting customer, behind the SUPPORT feature: the choices of a contact request,
 * sending one, and the customer's own tickets with their comments.
 */
export const supportRoutes: FastifyPluginAsyncZod<{ db: Database; crm: CrmSystem }> = async (app, { db, crm }) => {
  await acceptAttachments(app);

  app.get(
    '/api/support/topics',
    {
      schema: {
        tags: ['support'],
        summary: 'What contact requests can be about, in the asked locale',
        querystring: localeQuery,
        response: { 200: z.array(supportTopic), ...guardedErrors },
      },
    },
    async (request) => {
      const locales = nameLocalesOf(request, request.query.locale);
      const topics = await supportRepository.topics(db, actorOf(request).siteId);
      return topics.map((topic) => ({ code: topic.code, name: nameIn(topic.names, topic.code, locales) }));
    },
  );

  app.get(
    '/api/support/subtypes',
    {
      schema: {
        tags: ['support'],
        summary: 'The kinds of contact request, each under its topic, in the asked locale',
        querystring: localeQuery,
        response: { 200: z.array(supportSubtype), ...guardedErrors },
      },
    },
    async (request) => {
      const locales = nameLocalesOf(request, request.query.locale);
      const subtypes = await supportRepository.subtypes(db, actorOf(request).siteId);
      return subtypes.map((subtype) => ({
        code: subtype.code,
        topicCode: subtype.topicCode,
        name: nameIn(subtype.names, subtype.code, locales),
      }));
    },
  );

  app.get(
    '/api/support/channels',
    {
      schema: {
        tags: ['support'],
        summary: 'How a customer can ask to be answered; the web names them in its own language',
        querystring: localeQuery,
        response: { 200: z.array(supportChannelOption), ...guardedErrors },
      },
    },
    async () => SUPPORT_CHANNELS.map((code) => ({ code })),
  );

  app.post(
    '/api/support/send',
    {
      schema: {
        tags: ['support'],
        summary: 'Sends a contact request: an open ticket in the queue of its subtype’s handler group',
        description: WITH_FILES,
        body: contactRequest,
        response: { 201: z.object({ id: z.string() }), ...guardedErrors, ...refusedError },
      },
      preValidation: readAttachments,
    },
    async (request, reply) => {
      return reply.status(201).send({ id: await sendContactRequest(db, senderOf(request, crm), request.body, uploadsOf(request)) });
    },
  );

  app.post(
    '/api/me/support/tickets',
    {
      schema: {
        tags: ['support'],
        summary: "Opens a ticket answered at the customer's own name and primary contacts (docs/decisions/056)",
        description: WITH_FILES,
        body: myTicketRequest,
        response: { 201: z.object({ id: z.string() }), ...guardedErrors, ...refusedError },
      },
      preValidation: readAttachments,
    },
    async (request, reply) => {
      return reply.status(201).send({ id: await createMyTicket(db, senderOf(request, crm), request.body, uploadsOf(request)) });
    },
  );

  app.get(
    '/api/me/support/tickets',
    {
      schema: {
        tags: ['support'],
        summary: "The acting customer's tickets, newest first, with their comments",
        querystring: localeQuery,
        response: { 200: z.array(ticketDetail), ...guardedErrors },
      },
    },
    async (request) => {
      const scope = customerScopeOf(request);
      const rows = await supportRepository.customerTickets(db, scope.siteId, scope.customerId);
      return ticketDetails(db, scope.siteId, rows, nameLocalesOf(request, request.query.locale));
    },
  );

  app.get(
    '/api/support/tickets/:id',
    {
      schema: {
        tags: ['support'],
        summary: "One of the acting customer's tickets with its comments",
        params: ticketParams,
        querystring: localeQuery,
        response: { 200: ticketDetail, ...guardedErrors },
      },
    },
    async (request) => {
      const scope = customerScopeOf(request);
      const row = await supportRepository.customerTicket(db, scope.siteId, scope.customerId, request.params.id);
      if (!row) throw new AppError('SUPPORT_TICKET_NOT_FOUND', 'You have no support ticket by that id');
      const [detail] = await ticketDetails(db, scope.siteId, [row], nameLocalesOf(request, request.query.locale));
      return detail!;
    },
  );

  app.post(
    '/api/support/tickets/:id/comments',
    {
      schema: {
        tags: ['support'],
        summary: "Adds the customer's comment to their open ticket",
        description: WITH_FILES,
        params: ticketParams,
        body: ticketCommentRequest,
        response: { 204: z.null(), ...guardedErrors, ...refusedError },
      },
      preValidation: readAttachments,
    },
    async (request, reply) => {
      const comment = { body: request.body.comment, files: uploadsOf(request) };
      await commentOnTicket(db, crm, customerScopeOf(request), actorOf(request), request.params.id, comment, new Date());
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/support/tickets/:id/attachments/:attachmentId',
    {
      schema: {
        tags: ['support'],
        summary: "Downloads a file of one of the acting customer's tickets (always as a download, never run)",
        params: attachmentParams,
        response: { 200: z.any(), ...guardedErrors },
      },
    },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      const file = await supportRepository.customerAttachment(db, customerScopeOf(request), id, attachmentId);
      if (!file) throw new AppError('ATTACHMENT_NOT_FOUND', 'Your ticket has no file by that id');
      return sendTicketFile(reply, file);
    },
  );

  app.post(
    '/api/support/tickets/:id/close',
    {
      schema: {
        tags: ['support'],
        summary: 'The customer closes their open ticket as resolved (TS4) or cancelled (TS3)',
        params: ticketParams,
        body: ticketCloseRequest,
        response: { 204: z.null(), ...guardedErrors, ...refusedError },
      },
    },
    async (request, reply) => {
      await closeTicket(db, crm, customerScopeOf(request), request.params.id, request.body.status, new Date());
      return reply.status(204).send(null);
    },
  );
};

/** ADVANCED_SUPPORT's calls (docs/decisions/058), in their own feature area inside SUPPORT's. */
export const advancedSupportRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/api/support/tickets/:id/satisfaction',
    {
      schema: {
        tags: ['support'],
        summary: 'The customer rates how their resolved request was handled (1–5), once',
        params: ticketParams,
        body: ticketSatisfactionRequest,
        response: { 204: z.null(), ...guardedErrors, ...refusedError },
      },
    },
    async (request, reply) => {
      await rateTicket(db, customerScopeOf(request), request.params.id, request.body, new Date());
      return reply.status(204).send(null);
    },
  );
};

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffQueue, staffQueueQuery, staffReplyRequest } from '@portal/schema/support';
import { actorOf } from '../../platform/actor.ts';
import type { CrmSystem } from '../../integrations/crm/port.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors, refusedError } from '../../platform/error-responses.ts';
import { AppError } from '../../platform/errors.ts';
import { sendTicketFile } from './attachment-download.ts';
import { acceptAttachments, readAttachments, uploadsOf } from './attachment-upload.ts';
import { attachmentParams, nameLocalesOf, WITH_FILES } from './routes.ts';
import { assignTicket, auditTicketAccess, replyToTicket, resolveTicket, type Handler } from './staff-ticket-actions.ts';
import { supportRepository } from './support-repository.ts';
import { handlerGroups, staffTickets } from './ticket-views.ts';

const ticketParams = z.object({ id: z.string().min(1).max(64) });

const handlerOf = (request: FastifyRequest, crm: CrmSystem): Handler => ({
  crm,
  actor: actorOf(request),
  site: request.site,
  origin: `${request.protocol}://${request.host}`,
  now: new Date(),
  call: { action: `${request.method} ${request.routeOptions.url}`, requestId: request.id, ipAddress: request.ip },
});

/**
 * Customer service's side of support (docs/decisions/054), in the staff area behind the SUPPORT feature: the
 * site's queue per handler group, taking a ticket, answering and resolving. Only tickets of the staff member's site.
 */
export const supportStaffRoutes: FastifyPluginAsyncZod<{ db: Database; crm: CrmSystem }> = async (app, { db, crm }) => {
  await acceptAttachments(app);

  app.get(
    '/api/staff/support/tickets',
    {
      schema: {
        tags: ['staff'],
        summary: "The site's open (or closed) tickets, oldest first, of one handler group or all",
        querystring: staffQueueQuery,
        response: { 200: staffQueue, ...guardedErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { handlerGroup, status } = request.query;
      const locales = nameLocalesOf(request, undefined);
      const [groups, rows] = await Promise.all([
        handlerGroups(db, actor.siteId, locales),
        supportRepository.siteTickets(db, actor.siteId, { handlerGroup, open: status === 'open' }),
      ]);
      return { handlerGroups: groups, tickets: await staffTickets(db, actor.siteId, rows, locales, actor.person.id, groups) };
    },
  );

  app.post(
    '/api/staff/support/tickets/:id/assign',
    {
      schema: {
        tags: ['staff'],
        summary: 'Takes the ticket: it becomes assigned (TS2) to the caller',
        params: ticketParams,
        response: { 204: z.null(), ...guardedErrors, ...refusedError },
      },
    },
    async (request, reply) => {
      await assignTicket(db, handlerOf(request, crm), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/staff/support/tickets/:id/replies',
    {
      schema: {
        tags: ['staff'],
        summary: "Answers the customer: a comment, a message in the customer's inbox and, if asked for, an e-mail",
        description: WITH_FILES,
        params: ticketParams,
        body: staffReplyRequest,
        response: { 204: z.null(), ...guardedErrors, ...refusedError },
      },
      preValidation: readAttachments,
    },
    async (request, reply) => {
      await replyToTicket(db, handlerOf(request, crm), request.params.id, request.body.comment, uploadsOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/staff/support/tickets/:id/attachments/:attachmentId',
    {
      schema: {
        tags: ['staff'],
        summary: 'Downloads a file of a ticket of this site (always as a download, never run)',
        params: attachmentParams,
        response: { 200: z.any(), ...guardedErrors },
      },
    },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      const file = await supportRepository.siteAttachment(db, actorOf(request).siteId, id, attachmentId);
      if (!file) throw new AppError('ATTACHMENT_NOT_FOUND', 'This site has no ticket file by that id');
      await auditTicketAccess(db, handlerOf(request, crm), file.customerId);
      return sendTicketFile(reply, file);
    },
  );

  app.post(
    '/api/staff/support/tickets/:id/resolve',
    {
      schema: {
        tags: ['staff'],
        summary: 'Resolves the ticket (TS4)',
        params: ticketParams,
        response: { 204: z.null(), ...guardedErrors, ...refusedError },
      },
    },
    async (request, reply) => {
      await resolveTicket(db, handlerOf(request, crm), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

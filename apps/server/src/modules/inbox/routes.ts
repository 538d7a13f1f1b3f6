import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bundleFor } from '@portal/locales/bundles';
import { toLocaleId } from '@portal/schema/locale-ids';
import { inbox, localeQuery } from '@portal/schema/support';
import { customerScopeOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors } from '../../platform/error-responses.ts';
import { AppError } from '../../platform/errors.ts';
import { personLocale } from '../../platform/request-locale.ts';
import { inboxRepository } from './inbox-repository.ts';

/** GET /api/me/inbox (spec §7) and marking a message read: the acting customer's messages only. */
export const inboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/me/inbox',
    {
      schema: {
        tags: ['inbox'],
        summary: "The acting customer's messages, newest first, with how many are unread; subjects in the asked locale",
        querystring: localeQuery,
        response: { 200: inbox, ...guardedErrors },
      },
    },
    async (request) => {
      const scope = customerScopeOf(request);
      const locale = toLocaleId(request.query.locale) ?? personLocale(request);
      const texts = bundleFor('web', locale);
      const rows = await inboxRepository.list(db, scope);
      return {
        unreadCount: rows.filter((row) => row.readAt === null).length,
        messages: rows.map((row) => ({
          id: row.id,
          subject: texts[row.subjectKey] ?? row.subjectKey,
          content: row.content,
          ticketId: row.ticketId,
          read: row.readAt !== null,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    '/api/me/inbox/:id/read',
    {
      schema: {
        tags: ['inbox'],
        summary: 'Marks one of the acting customer’s messages read',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 204: z.null(), ...guardedErrors },
      },
    },
    async (request, reply) => {
      if (!(await inboxRepository.markRead(db, customerScopeOf(request), request.params.id, new Date()))) {
        throw new AppError('INBOX_MESSAGE_NOT_FOUND', 'You have no message by that id');
      }
      return reply.status(204).send(null);
    },
  );
};

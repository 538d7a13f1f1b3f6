import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminAnnouncement, announcement, announcementRequest } from '@portal/schema/announcements';
import { toLocaleId } from '@portal/schema/locale-ids';
import { localeQuery } from '@portal/schema/support';
import { actorOf, customerOf, customerScopeOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors } from '../../platform/error-responses.ts';
import { AppError } from '../../platform/errors.ts';
import { personLocale } from '../../platform/request-locale.ts';
import { announcementRepository } from './announcement-repository.ts';
import { adminAnnouncementOf, customerAnnouncementOf } from './announcement-views.ts';
import { createAnnouncement, deleteAnnouncement, updateAnnouncement, type AnnouncementChange } from './manage-announcements.ts';

type Options = { db: Database; now?: () => Date };

/**
 * GET /api/announcements/{clientId}?locale (spec §7), in the customer area behind PORTAL_ANNOUNCEMENTS. The client id
 * is the acting customer's client code; any other is 404 like every id of someone else's (rule 1): the URL names
 * the customer only to say whose banner it is, the actor decides.
 */
export const announcementRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, now = () => new Date() }) => {
  app.get(
    '/api/announcements/:clientId',
    {
      schema: {
        tags: ['announcements'],
        summary: "The announcements valid now for the acting customer's audience, most severe first, in the asked locale",
        params: z.object({ clientId: z.string().min(1).max(64) }),
        querystring: localeQuery,
        response: { 200: z.array(announcement), ...guardedErrors },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      if (request.params.clientId !== customer.clientCode) {
        throw new AppError('UNKNOWN_CLIENT_CODE', 'You act for no customer by that client id');
      }
      const offered = toLocaleId(request.query.locale);
      const locale = offered && request.site.locales.some(({ id }) => id === offered) ? offered : personLocale(request);
      const rows = await announcementRepository.currentFor(db, customerScopeOf(request), customer.type, now());
      return rows.flatMap((row) => customerAnnouncementOf(row, locale, request.site.defaultLocaleId) ?? []);
    },
  );
};

const siteParams = z.object({ siteId: z.string().min(1).max(64) });
const announcementParams = siteParams.extend({ id: z.string().min(1).max(64) });

const changeOf = (request: FastifyRequest): AnnouncementChange => ({
  actor: actorOf(request),
  requestId: request.id,
  ipAddress: request.ip,
  timezone: request.site.timezone,
  locales: request.site.locales.map(({ id }) => id),
});

/**
 * The site administrator's calls under /api/admin/site/{siteId}/announcements, in the admin area (its guard admits
 * administrators of the site in the path only). Changes need a recent e-ID verification: a banner speaks to every
 * customer in the utility's name, which a stolen long-lived session must not do.
 */
export const announcementAdminRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, now }) => {
  const deps = { db, ...(now ? { now } : {}) };

  app.get(
    '/api/admin/site/:siteId/announcements',
    {
      schema: {
        tags: ['admin'],
        summary: "The site's announcements, latest start first, with every language and the period on the site's clock",
        params: siteParams,
        response: { 200: z.array(adminAnnouncement), ...guardedErrors },
      },
    },
    async (request) => {
      const rows = await announcementRepository.list(db, actorOf(request).siteId);
      return rows.map((row) => adminAnnouncementOf(row, request.site.timezone));
    },
  );

  app.post(
    '/api/admin/site/:siteId/announcements',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['admin'],
        summary: 'Writes an announcement; its texts are sanitised before they are stored',
        params: siteParams,
        body: announcementRequest,
        response: { 201: adminAnnouncement, ...guardedErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await createAnnouncement(deps, changeOf(request), request.body)),
  );

  app.put(
    '/api/admin/site/:siteId/announcements/:id',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['admin'],
        summary: 'Replaces an announcement (audience, severity, period and texts)',
        params: announcementParams,
        body: announcementRequest,
        response: { 200: adminAnnouncement, ...guardedErrors },
      },
    },
    async (request) => updateAnnouncement(deps, changeOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/admin/site/:siteId/announcements/:id',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['admin'],
        summary: 'Deletes an announcement',
        params: announcementParams,
        response: { 204: z.null(), ...guardedErrors },
      },
    },
    async (request, reply) => {
      await deleteAnnouncement(deps, changeOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};

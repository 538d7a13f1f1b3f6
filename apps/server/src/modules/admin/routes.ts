import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody } from '@portal/schema/errors';
import { siteLocale } from '@portal/schema/site';
import type { FastifyRequest } from 'fastify';
import { actorOf, requireStaff } from '../../platform/actor.ts';
import { forbidden } from '../../platform/errors.ts';
import type { SiteAdminRepository } from './site-admin-repository.ts';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };
const siteParams = z.object({ siteId: z.string().min(1).max(64) });

/** A site administrator manages the site they are an administrator of, and no other. */
async function requireOwnSite(request: FastifyRequest) {
  const { siteId } = request.params as { siteId: string };
  if (siteId !== actorOf(request).siteId) throw forbidden('You administer another site', 'OTHER_SITE');
}

export const adminRoutes: FastifyPluginAsyncZod<{ siteAdmin: SiteAdminRepository }> = async (app, { siteAdmin }) => {
  const preHandler = [requireStaff('site-admin'), requireOwnSite];

  app.get(
    '/api/admin/locales',
    { preHandler: requireStaff('site-admin'), schema: { tags: ['admin'], summary: 'Every locale the portal is translated into', response: { 200: z.array(siteLocale), ...errors } } },
    async () => siteAdmin.allLocales(),
  );
  app.get(
    '/api/admin/site/:siteId/locales',
    { preHandler, schema: { tags: ['admin'], summary: "The site's locales in order", params: siteParams, response: { 200: z.array(siteLocale), ...errors } } },
    async (request) => request.site.locales,
  );
  app.get(
    '/api/admin/site/:siteId/domains',
    { preHandler, schema: { tags: ['admin'], summary: 'Host names that serve the site', params: siteParams, response: { 200: z.array(z.string()), ...errors } } },
    async (request) => siteAdmin.domains(request.params.siteId),
  );
};

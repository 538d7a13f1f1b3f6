import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { siteLocale } from '@portal/schema/site';
import { guardedErrors } from '../../platform/error-responses.ts';
import type { SiteAdminRepository } from './site-admin-repository.ts';

const siteParams = z.object({ siteId: z.string().min(1).max(64) });

/** Registered in the admin area: a site administrator, of the site named in the path only. */
export const adminRoutes: FastifyPluginAsyncZod<{ siteAdmin: SiteAdminRepository }> = async (app, { siteAdmin }) => {
  app.get(
    '/api/admin/locales',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every locale the portal is translated into',
        response: { 200: z.array(siteLocale), ...guardedErrors },
      },
    },
    async () => siteAdmin.allLocales(),
  );
  app.get(
    '/api/admin/site/:siteId/locales',
    {
      schema: {
        tags: ['admin'],
        summary: "The site's locales in order",
        params: siteParams,
        response: { 200: z.array(siteLocale), ...guardedErrors },
      },
    },
    async (request) => request.site.locales,
  );
  app.get(
    '/api/admin/site/:siteId/domains',
    {
      schema: {
        tags: ['admin'],
        summary: 'Host names that serve the site',
        params: siteParams,
        response: { 200: z.array(z.string()), ...guardedErrors },
      },
    },
    async (request) => siteAdmin.domains(request.params.siteId),
  );
};

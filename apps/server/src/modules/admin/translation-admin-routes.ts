import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSiteParams, adminTranslationQuery, adminTranslations, translationsUpdateRequest } from '@portal/schema/admin';
import { adminChangeOf } from '../../platform/admin-audit.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors } from '../../platform/error-responses.ts';
import { AppError } from '../../platform/errors.ts';
import { readSiteTranslations, updateSiteTranslations } from './site-translation-overrides.ts';

type Options = { db: Database };

/** Spec §7's two translation calls; registered where the site has ADMIN_LOCALIZATION (docs/decisions/073). */
export const translationAdminRoutes: FastifyPluginAsyncZod<Options> = async (app, { db }) => {
  const deps = { db };
  const offered = (site: { locales: { id: string }[] }, locale: string) => {
    if (!site.locales.some(({ id }) => id === locale))
      throw new AppError('SITE_LOCALE_REQUIRED', `${locale} is not one of the site's languages`);
  };
  app.get(
    '/api/admin/site/:siteId/translations',
    {
      schema: {
        tags: ['admin'],
        summary: "The site's web texts in a locale: shipped, en-GB and the site's override, missing ones first",
        params: adminSiteParams,
        querystring: adminTranslationQuery,
        response: { 200: adminTranslations, ...guardedErrors },
      },
    },
    async (request) => {
      offered(request.site, request.query.locale);
      return readSiteTranslations(deps, request.params.siteId, request.query.locale);
    },
  );
  app.patch(
    '/api/admin/site/:siteId/translations',
    {
      config: { freshVerification: true },
      schema: {
        tags: ['admin'],
        summary: 'Override texts of a locale (ICU MessageFormat, checked), or revert them with null',
        params: adminSiteParams,
        querystring: adminTranslationQuery,
        body: translationsUpdateRequest,
        response: { 200: adminTranslations, ...guardedErrors },
      },
    },
    async (request) => {
      offered(request.site, request.query.locale);
      return updateSiteTranslations(deps, adminChangeOf(request), request.query.locale, request.body);
    },
  );
};

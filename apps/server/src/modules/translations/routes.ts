import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBody } from '@portal/schema/errors';
import { translationBundle, translationParams, translationQuery } from '@portal/schema/translations';
import { siteTranslations } from './site-translations.ts';
import type { TranslationRepository } from './translation-repository.ts';

export const translationRoutes: FastifyPluginAsyncZod<{ translations: TranslationRepository }> = async (app, { translations }) => {
  app.get(
    '/api/translations/:locale',
    {
      schema: {
        tags: ['translations'],
        summary: "The site's interface texts for a locale (web or mobile set), admin overrides applied",
        params: translationParams,
        querystring: translationQuery,
        response: { 200: translationBundle, 400: apiErrorBody, 404: apiErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return siteTranslations(translations, request.site, request.params.locale, request.query.set);
    },
  );
};

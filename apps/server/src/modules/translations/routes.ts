import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBody } from '@portal/schema/errors';
import { compiledTranslationBundle, translationBundle, translationParams, translationQuery } from '@portal/schema/translations';
import { siteTexts, type TextsSource } from './site-translations.ts';

export const translationRoutes: FastifyPluginAsyncZod<TextsSource> = async (app, source) => {
  app.get(
    '/api/translations/:locale',
    {
      schema: {
        tags: ['translations'],
        summary: "The site's interface texts for a locale (web or mobile set), admin overrides applied, as ICU text or compiled",
        params: translationParams,
        querystring: translationQuery,
        response: { 200: translationBundle.or(compiledTranslationBundle), 400: apiErrorBody, 404: apiErrorBody },
      },
    },
    async (request, reply) => {
      const texts = await siteTexts(source, request.site, request.params.locale, request.query.set);
      // The address a page was given names these very texts (decision 092): kept for good, across visits. Without a
      // version, or with one a text has changed since, asked again each time.
      reply.header('cache-control', request.query.v === texts.version ? 'public, max-age=31536000, immutable' : 'no-cache');
      return (request.query.form === 'compiled' ? texts.compiledAnswer() : texts.answer).send(request, reply);
    },
  );
};

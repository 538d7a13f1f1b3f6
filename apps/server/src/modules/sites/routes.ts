import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBody } from '@portal/schema/errors';
import { siteBootstrap } from '@portal/schema/site';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/site',
    {
      schema: {
        tags: ['sites'],
        summary: 'The site this host name serves: brand, locales, features and links',
        response: { 200: siteBootstrap, 404: apiErrorBody },
      },
    },
    async (request) => request.site,
  );
};

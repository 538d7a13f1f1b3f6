import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBody } from '@portal/schema/errors';
import { externalServiceLink, externalServiceQuery } from '@portal/schema/external-services';
import { AppError } from '../../platform/errors.ts';
import { requestLocale } from '../../platform/request-locale.ts';
import { findExternalService } from './find-external-service.ts';

export const externalServiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/external-services',
    {
      schema: {
        tags: ['sites'],
        summary: "The site's link to an outside service of the given type, in the requested locale when it has one",
        querystring: externalServiceQuery,
        response: { 200: externalServiceLink, 400: apiErrorBody, 404: apiErrorBody },
      },
    },
    async (request) => {
      const { type, locale = requestLocale(request) } = request.query;
      const link = findExternalService(request.site, type, locale);
      if (!link) throw new AppError('NO_EXTERNAL_SERVICE', `This site has no ${type} link`);
      return link;
    },
  );
};

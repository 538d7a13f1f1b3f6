import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { country, countryCodeParams, countryList, countriesQuery } from '@portal/schema/countries';
import { apiErrorBody } from '@portal/schema/errors';
import { AppError } from '../../platform/errors.ts';
import { requestLocale } from '../../platform/request-locale.ts';

/**
 * Every country's name in six languages (i18n-iso-countries) loads with the first request for them, not with the
 * copy, which may never be asked (decision 121). The module is loaded once.
 */
const countryNames = () => import('./country-names.ts');

export const countryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/countries',
    {
      schema: {
        tags: ['countries'],
        summary: 'All countries, named in the requested (or current) locale',
        querystring: countriesQuery,
        response: { 200: countryList, 400: apiErrorBody },
      },
    },
    async (request) => (await countryNames()).listCountries(request.query.locale ?? requestLocale(request)),
  );
  app.get(
    '/api/countries/:countryCode',
    {
      schema: {
        tags: ['countries'],
        summary: 'One country by its ISO 3166-1 alpha-2 code',
        params: countryCodeParams,
        querystring: countriesQuery,
        response: { 200: country, 400: apiErrorBody, 404: apiErrorBody },
      },
    },
    async (request) => {
      const { findCountry } = await countryNames();
      const found = findCountry(request.params.countryCode, request.query.locale ?? requestLocale(request));
      if (!found) throw new AppError('UNKNOWN_COUNTRY', `No country has the code ${request.params.countryCode}`);
      return found;
    },
  );
};

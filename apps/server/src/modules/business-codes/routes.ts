import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { businessCodeOf, businessCodeParams, businessCodeValidation } from '@portal/schema/business-codes';
import { guardedErrors } from '../../platform/error-responses.ts';

/**
 * GET /api/business/validate/{code} (spec §7): the code, as pasted, checked by the site's country's own rule and check
 * digit, and answered in the register's written form when valid. A register lookup (does the company exist, is it
 * active) is not made here: start-info asks the register where the site shows company info. The call is the
 * register's to answer and limited as such (decision 101): nobody can learn to lean on it unlimited.
 */
export const businessCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/business/validate/:code',
    {
      config: { outsideService: 'business-register' },
      schema: {
        tags: ['business'],
        summary: 'Whether a business code is valid for the site’s country (Y-tunnus, registry code or registration number)',
        params: businessCodeParams,
        response: { 200: businessCodeValidation, ...guardedErrors },
      },
    },
    async (request) => {
      const countryCode = request.site.countryCode;
      const code = businessCodeOf(countryCode, request.params.code);
      return { code: code ?? request.params.code, countryCode, valid: code !== null };
    },
  );
};

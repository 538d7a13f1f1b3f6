import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bank, bankQuery, eInvoiceOperator } from '@portal/schema/banks';
import { apiErrorBody } from '@portal/schema/errors';
import { z } from 'zod';
import type { Database } from '../../platform/database.ts';
import { bankRepository } from './bank-repository.ts';

/** GET /api/banks?type and GET /api/banks/operators (spec §7): public reference data of the site's country. */
export const bankRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/banks',
    {
      schema: {
        tags: ['banks'],
        summary: 'Banks of the site’s country for e-invoices or for paying by open banking, with their BIC',
        querystring: bankQuery,
        response: { 200: z.array(bank), 400: apiErrorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return bankRepository.banks(db, request.site.id, request.query.type);
    },
  );

  app.get(
    '/api/banks/operators',
    {
      schema: {
        tags: ['banks'],
        summary: 'E-invoice operators of the site’s country with their routing codes',
        response: { 200: z.array(eInvoiceOperator) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return bankRepository.operators(db, request.site.id);
    },
  );
};

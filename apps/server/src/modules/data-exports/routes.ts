import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataExportIdParams, dataExportView } from '@portal/schema/data-export';
import { apiErrorBody } from '@portal/schema/errors';
import { actorOf, customerScopeOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { sendAttachment } from '../../platform/downloads.ts';
import { guardedErrors, refusedError } from '../../platform/error-responses.ts';
import { personLocale } from '../../platform/request-locale.ts';
import { downloadDataExport, listDataExports, requestDataExport, type Asker } from './data-export-requests.ts';

/** A copy of everything about me (GDPR Art. 15 and 20, docs/decisions/110): ask for it, see it, download it. */
export const dataExportRoutes: FastifyPluginAsyncZod<{ db: Database; now?: () => Date }> = async (app, { db, now = () => new Date() }) => {
  const askerOf = (request: FastifyRequest): Asker => ({
    scope: customerScopeOf(request),
    personId: actorOf(request).person.id,
    actingAsStaff: actorOf(request).actingAs === 'staff',
    locale: personLocale(request),
    origin: `${request.protocol}://${request.host}`,
    requestId: request.id,
    ipAddress: request.ip,
  });

  app.get(
    '/api/me/data-exports',
    {
      schema: {
        tags: ['privacy'],
        summary: "The customer's copies of their data, newest first; a copy past its days is not listed",
        response: { 200: z.array(dataExportView), ...guardedErrors },
      },
    },
    async (request) => listDataExports(db, customerScopeOf(request), now()),
  );

  app.post(
    '/api/me/data-exports',
    {
      // Everything about the customer leaves the portal in one file: a long-lived session is asked to show it is them.
      config: { freshVerification: true },
      schema: {
        tags: ['privacy'],
        summary: 'Asks for a copy of everything about the customer; a job makes it and the customer is told when it is ready',
        response: { 202: dataExportView, ...guardedErrors, ...refusedError },
      },
    },
    async (request, reply) => reply.status(202).send(await requestDataExport(db, askerOf(request))),
  );

  app.get(
    '/api/me/data-exports/:id/download',
    {
      schema: {
        tags: ['privacy'],
        summary: 'A ready copy as a ZIP, streamed; 404 past its days, 409 while it is being made',
        params: dataExportIdParams,
        produces: ['application/zip'],
        response: { 200: z.any(), 409: apiErrorBody, ...guardedErrors },
      },
    },
    async (request, reply) => {
      const file = await downloadDataExport(db, askerOf(request), request.params.id, now(), request.site.timezone);
      reply.header('content-length', file.sizeBytes);
      return sendAttachment(reply, file);
    },
  );
};

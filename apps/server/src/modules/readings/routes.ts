import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meteringPointIdParams, readingsDownloadQuery, readingsMetadata as readingsMetadataSchema } from '@portal/schema/energy';
import { sendAttachment } from '../../platform/downloads.ts';
import { guardedErrors } from '../../platform/error-responses.ts';
import { personLocale } from '../../platform/request-locale.ts';
import { downloadReadings } from './download-readings.ts';
import { readingsMetadata } from './readings-metadata.ts';
import { customerScopeOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';

/** Readings calls: a contract's readings metadata (kept with the readings it describes) and the readings download. */
export const readingsRoutes: FastifyPluginAsyncZod<{ db: Database; now?: () => Date }> = async (app, { db, now = () => new Date() }) => {
  app.get(
    '/api/contracts/:id/readings/metadata',
    {
      schema: {
        tags: ['contracts', 'charts'],
        summary: "Resolutions, series and reading span of a contract's metering point",
        params: meteringPointIdParams,
        response: { 200: readingsMetadataSchema, ...guardedErrors },
      },
    },
    async (request) => readingsMetadata(db, customerScopeOf(request), request.site, request.params.id),
  );
  app.get(
    '/api/readings/download',
    {
      schema: {
        tags: ['charts'],
        summary:
          "A metering point's readings on days of the site's calendar: Green Button ESPI 3.3 XML (format=espi) or the country's data hub CSV (format=csv); streamed",
        querystring: readingsDownloadQuery,
        produces: ['application/xml', 'text/csv'],
        response: { 200: z.any(), ...guardedErrors },
      },
    },
    async (request, reply) => {
      const file = await downloadReadings(db, customerScopeOf(request), request.site, request.query, {
        locale: personLocale(request),
        host: request.hostname,
        now: now(),
      });
      return sendAttachment(reply, file);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meteringPointIdParams, readingsMetadata as readingsMetadataSchema } from '@portal/schema/energy';
import { guardedErrors } from '../../platform/error-responses.ts';
import { readingsMetadata } from './readings-metadata.ts';
import { customerScopeOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';

/** Readings calls that hang off other areas' paths (a contract's readings), kept with the readings they describe. */
export const readingsRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
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
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meteringPointIdParams, readingsMetadata as readingsMetadataSchema } from '@portal/schema/energy';
import { apiErrorBody } from '@portal/schema/errors';
import { requireCustomer } from '../../platform/actor.ts';
import { scopeOf } from './actor-scope.ts';
import type { EnergyRepository } from './energy-repository.ts';
import { readingsMetadata } from './readings-metadata.ts';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };

/** Readings calls that hang off other areas' paths (a contract's readings), kept with the readings they describe. */
export const readingsRoutes: FastifyPluginAsyncZod<{ energy: EnergyRepository }> = async (app, { energy }) => {
  app.get(
    '/api/contracts/:id/readings/metadata',
    {
      preHandler: requireCustomer,
      schema: { tags: ['contracts', 'charts'], summary: "Resolutions, series and reading span of a contract's metering point", params: meteringPointIdParams, response: { 200: readingsMetadataSchema, ...errors } },
    },
    async (request) => readingsMetadata(energy, scopeOf(request), request.site, request.params.id),
  );
};

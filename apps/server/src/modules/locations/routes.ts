import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { costEstimation as costEstimationSchema, costEstimationQuery, gsrnList as gsrnListSchema, locationList } from '@portal/schema/energy';
import { apiErrorBody } from '@portal/schema/errors';
import { requireCustomer } from '../../platform/actor.ts';
import { scopeOf } from '../readings/actor-scope.ts';
import type { EnergyRepository } from '../readings/energy-repository.ts';
import { costEstimation, gsrnList, listLocations } from './locations-service.ts';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };
const tags = ['locations'];

export const locationRoutes: FastifyPluginAsyncZod<{ energy: EnergyRepository; now?: () => Date }> = async (app, { energy, now = () => new Date() }) => {
  app.get(
    '/api/locations',
    { preHandler: requireCustomer, schema: { tags, summary: 'Objects with their metering points, contracts and price components', response: { 200: locationList, ...errors } } },
    async (request) => listLocations(energy, scopeOf(request)),
  );

  app.get(
    '/api/locations/gsrn',
    { preHandler: requireCustomer, schema: { tags, summary: 'Metering point codes (GSRN, EIC) of the customer', response: { 200: gsrnListSchema, ...errors } } },
    async (request) => gsrnList(energy, scopeOf(request)),
  );

  app.get(
    '/api/locations/cost-estimation',
    {
      preHandler: requireCustomer,
      schema: { tags, summary: "This month's cost so far and its estimate for the whole month, per object", querystring: costEstimationQuery, response: { 200: costEstimationSchema, ...errors } },
    },
    async (request) => costEstimation(energy, scopeOf(request), request.site, request.query.objects, now()),
  );
};

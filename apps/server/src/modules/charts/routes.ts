import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readingsQuery, readingsResponse } from '@portal/schema/energy';
import { apiErrorBody } from '@portal/schema/errors';
import { requireCustomer } from '../../platform/actor.ts';
import { scopeOf } from '../readings/actor-scope.ts';
import type { EnergyRepository } from '../readings/energy-repository.ts';
import { getChartReadings } from './get-chart-readings.ts';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };

export const chartRoutes: FastifyPluginAsyncZod<{ energy: EnergyRepository }> = async (app, { energy }) => {
  app.get(
    '/api/charts/readings',
    {
      preHandler: requireCustomer,
      schema: {
        tags: ['charts'],
        summary: 'One series of a metering point, bucketed in the site timezone, with an optional comparison N years back',
        querystring: readingsQuery,
        response: { 200: readingsResponse, ...errors },
      },
    },
    async (request) => getChartReadings(energy, scopeOf(request), request.site, request.query),
  );
};

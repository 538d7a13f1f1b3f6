import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { technicalData as technicalDataSchema, technicalDataQuery, usagePointList, usagePointSearchRequest } from '@portal/schema/energy';
import { apiErrorBody } from '@portal/schema/errors';
import { requireCustomer } from '../../platform/actor.ts';
import { scopeOf } from '../readings/actor-scope.ts';
import type { EnergyRepository } from '../readings/energy-repository.ts';
import { myUsagePoints, searchUsagePoints, technicalData } from './usage-points-service.ts';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };
const tags = ['usage-points'];

export const usagePointRoutes: FastifyPluginAsyncZod<{ energy: EnergyRepository }> = async (app, { energy }) => {
  app.get(
    '/api/usage-points/me',
    { preHandler: requireCustomer, schema: { tags, summary: "The customer's usage points", response: { 200: usagePointList, ...errors } } },
    async (request) => myUsagePoints(energy, scopeOf(request)),
  );

  app.post(
    '/api/usage-points/search',
    {
      preHandler: requireCustomer,
      schema: { tags, summary: "Searches the customer's usage points by address, GSRN, EIC or meter number", body: usagePointSearchRequest, response: { 200: usagePointList, ...errors } },
    },
    async (request) => searchUsagePoints(energy, scopeOf(request), request.body),
  );

  app.get(
    '/api/usage-points/technical-data',
    {
      preHandler: requireCustomer,
      schema: { tags, summary: 'Meter and reading span of a usage point', querystring: technicalDataQuery, response: { 200: technicalDataSchema, ...errors } },
    },
    async (request) => technicalData(energy, scopeOf(request), request.query.meteringPointId),
  );
};

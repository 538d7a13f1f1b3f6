import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  costEstimation as costEstimationSchema,
  costEstimationQuery,
  gsrnList as gsrnListSchema,
  locationList,
} from '@portal/schema/energy';
import { guardedErrors } from '../../platform/error-responses.ts';
import { costEstimation, gsrnList, listLocations } from './locations-service.ts';
import { customerScopeOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';

const tags = ['locations'];

export const locationRoutes: FastifyPluginAsyncZod<{ db: Database; now?: () => Date }> = async (app, { db, now = () => new Date() }) => {
  app.get(
    '/api/locations',
    {
      schema: {
        tags,
        summary: 'Objects with their metering points, contracts and price components',
        response: { 200: locationList, ...guardedErrors },
      },
    },
    async (request) => listLocations(db, customerScopeOf(request)),
  );

  app.get(
    '/api/locations/gsrn',
    {
      schema: { tags, summary: 'Metering point codes (GSRN, EIC) of the customer', response: { 200: gsrnListSchema, ...guardedErrors } },
    },
    async (request) => gsrnList(db, customerScopeOf(request)),
  );

  app.get(
    '/api/locations/cost-estimation',
    {
      schema: {
        tags,
        summary: "This month's cost so far and its estimate for the whole month, per object",
        querystring: costEstimationQuery,
        response: { 200: costEstimationSchema, ...guardedErrors },
      },
    },
    async (request) => costEstimation(db, customerScopeOf(request), request.site, request.query.objects, now()),
  );
};

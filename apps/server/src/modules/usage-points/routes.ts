import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  technicalData as technicalDataSchema,
  technicalDataQuery,
  usagePointList,
  usagePointSearchRequest,
  usagePointSearchResults,
} from '@portal/schema/energy';
import type { Database } from '../../platform/database.ts';
import { guardedErrors } from '../../platform/error-responses.ts';
import { myUsagePoints, searchUsagePoints, technicalData } from './usage-points-service.ts';
import { customerScopeOf } from '../../platform/actor.ts';
import { keptReads } from '../readings/card-reads.ts';

const tags = ['usage-points'];

export const usagePointRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/usage-points/me',
    { schema: { tags, summary: "The customer's usage points", response: { 200: usagePointList, ...guardedErrors } } },
    async (request) => myUsagePoints(keptReads(app.customerAnswers, db, customerScopeOf(request))),
  );

  app.post(
    '/api/usage-points/search',
    {
      config: { outsideService: 'grid-register' },
      schema: {
        tags,
        summary: 'Searches the usage points of the site’s grid by address, GSRN, EIC or meter number, answering what a stranger may know',
        body: usagePointSearchRequest,
        response: { 200: usagePointSearchResults, ...guardedErrors },
      },
    },
    async (request) => searchUsagePoints(db, customerScopeOf(request), request.body),
  );

  app.get(
    '/api/usage-points/technical-data',
    {
      schema: {
        tags,
        summary: 'Meter and reading span of a usage point',
        querystring: technicalDataQuery,
        response: { 200: technicalDataSchema, ...guardedErrors },
      },
    },
    async (request) => technicalData(db, customerScopeOf(request), request.query.meteringPointId),
  );
};

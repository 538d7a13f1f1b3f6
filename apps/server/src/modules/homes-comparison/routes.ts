import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  homeDetails,
  homeDetailsRequest,
  homesComparison as homesComparisonSchema,
  homesComparisonQuery,
} from '@portal/schema/homes-comparison';
import { customerScopeOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { guardedErrors } from '../../platform/error-responses.ts';
import { homesComparison, saveHomeDetails } from './homes-comparison.ts';

const tags = ['usage-points'];

/**
 * Homes like mine (issue 28, docs/decisions/123). Not kept as the dashboard's answers are (decision 082): the figures
 * change with other customers' readings, which no trigger ties to this customer, and they cost two small statements.
 */
export const homesComparisonRoutes: FastifyPluginAsyncZod<{ db: Database; now?: () => Date }> = async (
  app,
  { db, now = () => new Date() },
) => {
  app.get(
    '/api/usage-points/homes-comparison',
    {
      schema: {
        tags,
        summary:
          'A metering point’s last twelve whole months beside the median and 25th percentile of at least 20 similar homes of the site',
        querystring: homesComparisonQuery,
        response: { 200: homesComparisonSchema, ...guardedErrors },
      },
    },
    async (request) => homesComparison(db, customerScopeOf(request), request.site, request.query.meteringPointId, now()),
  );

  app.put(
    '/api/usage-points/home',
    {
      schema: {
        tags,
        summary: 'Sets the kind, heating and floor-area band of the home a metering point belongs to',
        body: homeDetailsRequest,
        response: { 200: homeDetails, ...guardedErrors },
      },
    },
    async (request) => saveHomeDetails(db, customerScopeOf(request), request.body),
  );
};

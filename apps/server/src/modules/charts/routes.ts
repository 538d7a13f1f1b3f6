import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readingsQuery, readingsResponse, resolutionForRange, usagePattern, usagePatternQuery } from '@portal/schema/energy';
import { guardedErrors } from '../../platform/error-responses.ts';
import { getChartReadings } from './get-chart-readings.ts';
import { usagePatternOf } from './usage-pattern.ts';
import { customerScopeOf } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';

export const chartRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/charts/readings',
    {
      schema: {
        tags: ['charts'],
        summary: 'One series of a metering point, bucketed in the site timezone, with an optional comparison N years back',
        querystring: readingsQuery,
        response: { 200: readingsResponse, ...guardedErrors },
      },
    },
    async (request, reply) => {
      const answer = () => getChartReadings(db, customerScopeOf(request), request.site, request.query);
      // Hours and longer come from the rollups, whose changes the answer cache hears (docs/decisions/082); finer
      // buckets read the stored readings and are computed each time.
      const resolution = request.query.resolution ?? resolutionForRange(request.query.from, request.query.to);
      if (resolution === 'quarter-hour' || resolution === 'five-minute') return answer();
      return app.customerAnswers.send(request, reply, readingsResponse, answer);
    },
  );
  app.get(
    '/api/charts/usage-pattern',
    {
      schema: {
        tags: ['charts'],
        summary:
          "When a metering point uses energy: average kWh by weekday and hour of the site's clock, and the share bought in each day's cheapest and dearest hours (spot-priced contracts)",
        querystring: usagePatternQuery,
        response: { 200: usagePattern, ...guardedErrors },
      },
    },
    // From the hourly rollups, whose changes the answer cache hears (decision 082).
    async (request, reply) =>
      app.customerAnswers.send(request, reply, usagePattern, () =>
        usagePatternOf(db, customerScopeOf(request), request.site.timezone, request.query),
      ),
  );
};

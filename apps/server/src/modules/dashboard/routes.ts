import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dashboardLocationList,
  energyStatistics as energyStatisticsSchema,
  expenses as expensesSchema,
  expensesQuery,
  powerPeaks as powerPeaksSchema,
  powerPeaksQuery,
  spotStatistics as spotStatisticsSchema,
  statisticsQuery,
  yearlyConsumption as yearlyConsumptionSchema,
  yearlyConsumptionQuery,
} from '@portal/schema/energy';
import { guardedErrors } from '../../platform/error-responses.ts';
import { dashboardLocations } from '../locations/locations-service.ts';
import { energyStatistics, expenses, spotStatistics, yearlyConsumption } from './dashboard-statistics.ts';
import { powerPeaks } from './power-peaks.ts';
import { customerOf, customerScopeOf } from '../../platform/actor.ts';
import { keptReads } from '../readings/card-reads.ts';
import type { Database } from '../../platform/database.ts';

const tags = ['dashboard'];

const QUARTER_HOUR = 15 * 60_000;

/**
 * The dashboard's calls (spec §7). Their answers change with the customer's readings, contracts and invoices, with
 * published prices, or with the day, and are kept until then (docs/decisions/082); the spot card names the current
 * quarter hour's price and is kept until the next quarter hour at most.
 */
export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Database; now?: () => Date }> = async (app, { db, now = () => new Date() }) => {
  /** The metering points and VAT rates the cards share, read once for the calls of a page load (decision 118). */
  const readsOf = (request: FastifyRequest) => keptReads(app.customerAnswers, db, customerScopeOf(request));

  app.get(
    '/api/dashboard/locations',
    {
      schema: {
        tags,
        summary: "The customer's objects with the utilities delivered to each",
        response: { 200: dashboardLocationList, ...guardedErrors },
      },
    },
    async (request, reply) =>
      app.customerAnswers.send(request, reply, dashboardLocationList, () => dashboardLocations(db, customerScopeOf(request))),
  );

  app.get(
    '/api/dashboard/statistics/consumption',
    {
      schema: {
        tags,
        summary: 'Consumption this month by day or this year by month, per utility, with a year back',
        querystring: statisticsQuery,
        response: { 200: energyStatisticsSchema, ...guardedErrors },
      },
    },
    async (request, reply) =>
      app.customerAnswers.send(request, reply, energyStatisticsSchema, () =>
        energyStatistics(
          db,
          customerScopeOf(request),
          request.site,
          { ...request.query, direction: 'consumption' },
          now(),
          readsOf(request),
        ),
      ),
  );

  app.get(
    '/api/dashboard/statistics/production',
    {
      schema: {
        tags,
        summary: 'Production of microgeneration sites this month by day or this year by month',
        querystring: statisticsQuery,
        response: { 200: energyStatisticsSchema, ...guardedErrors },
      },
    },
    async (request, reply) =>
      app.customerAnswers.send(request, reply, energyStatisticsSchema, () =>
        energyStatistics(
          db,
          customerScopeOf(request),
          request.site,
          { ...request.query, direction: 'production' },
          now(),
          readsOf(request),
        ),
      ),
  );

  app.get(
    '/api/dashboard/statistics/spot',
    {
      schema: {
        tags,
        summary: "Today's and tomorrow's day-ahead prices of the bidding zone",
        response: { 200: spotStatisticsSchema, ...guardedErrors },
      },
    },
    // Kept per customer like the other cards (decision 082) until the next quarter hour, when `current` moves on;
    // new prices reach every copy's keeping through the spot_price trigger (decision 084).
    async (request, reply) => {
      const at = now();
      const nextQuarter = (Math.floor(at.getTime() / QUARTER_HOUR) + 1) * QUARTER_HOUR;
      return app.customerAnswers.send(
        request,
        reply,
        spotStatisticsSchema,
        () => spotStatistics(db, customerScopeOf(request), request.site, customerOf(request).type, at, readsOf(request)),
        {
          until: nextQuarter,
        },
      );
    },
  );

  app.get(
    '/api/dashboard/statistics/expenses',
    {
      schema: {
        tags,
        summary: 'Energy cost and fees per month from the contracts’ price components, in cents',
        querystring: expensesQuery,
        response: { 200: expensesSchema, ...guardedErrors },
      },
    },
    async (request, reply) =>
      app.customerAnswers.send(request, reply, expensesSchema, () =>
        expenses(db, customerScopeOf(request), request.site, request.query.period, now(), readsOf(request)),
      ),
  );

  app.get(
    '/api/dashboard/power-peaks',
    {
      schema: {
        tags,
        summary: "A month's peak hour and its kW at each metering point whose contract has a power charge (decision 119)",
        description: '`month` (YYYY-MM on the site clock) is the running month when left out; a month still to come has no peak yet.',
        querystring: powerPeaksQuery,
        response: { 200: powerPeaksSchema, ...guardedErrors },
      },
    },
    // Kept like the other cards (decision 082): a write of readings reaches it through the rollups' notification.
    async (request, reply) =>
      app.customerAnswers.send(request, reply, powerPeaksSchema, () =>
        powerPeaks(db, customerScopeOf(request), request.site, now(), request.query.month),
      ),
  );

  app.get(
    '/api/dashboard/yearly-consumption',
    {
      schema: {
        tags,
        summary: 'Consumption per calendar year and utility',
        querystring: yearlyConsumptionQuery,
        response: { 200: yearlyConsumptionSchema, ...guardedErrors },
      },
    },
    async (request, reply) =>
      app.customerAnswers.send(request, reply, yearlyConsumptionSchema, () =>
        yearlyConsumption(db, customerScopeOf(request), request.site, request.query.years, now(), readsOf(request)),
      ),
  );
};

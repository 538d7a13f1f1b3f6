import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dashboardLocationList,
  energyStatistics as energyStatisticsSchema,
  expenses as expensesSchema,
  expensesQuery,
  spotStatistics as spotStatisticsSchema,
  statisticsQuery,
  yearlyConsumption as yearlyConsumptionSchema,
  yearlyConsumptionQuery,
} from '@portal/schema/energy';
import { apiErrorBody } from '@portal/schema/errors';
import { requireCustomer } from '../../platform/actor.ts';
import { scopeOf } from '../readings/actor-scope.ts';
import type { EnergyRepository } from '../readings/energy-repository.ts';
import { dashboardLocations } from '../locations/locations-service.ts';
import { energyStatistics, expenses, spotStatistics, yearlyConsumption } from './dashboard-statistics.ts';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };
const tags = ['dashboard'];

export const dashboardRoutes: FastifyPluginAsyncZod<{ energy: EnergyRepository; now?: () => Date }> = async (app, { energy, now = () => new Date() }) => {
  app.get(
    '/api/dashboard/locations',
    { preHandler: requireCustomer, schema: { tags, summary: "The customer's objects with the utilities delivered to each", response: { 200: dashboardLocationList, ...errors } } },
    async (request) => dashboardLocations(energy, scopeOf(request)),
  );

  app.get(
    '/api/dashboard/statistics/consumption',
    {
      preHandler: requireCustomer,
      schema: { tags, summary: 'Consumption this month by day or this year by month, per utility, with a year back', querystring: statisticsQuery, response: { 200: energyStatisticsSchema, ...errors } },
    },
    async (request) => energyStatistics(energy, scopeOf(request), request.site, { ...request.query, direction: 'consumption' }, now()),
  );

  app.get(
    '/api/dashboard/statistics/production',
    {
      preHandler: requireCustomer,
      schema: { tags, summary: 'Production of microgeneration sites this month by day or this year by month', querystring: statisticsQuery, response: { 200: energyStatisticsSchema, ...errors } },
    },
    async (request) => energyStatistics(energy, scopeOf(request), request.site, { ...request.query, direction: 'production' }, now()),
  );

  app.get(
    '/api/dashboard/statistics/spot',
    { preHandler: requireCustomer, schema: { tags, summary: "Today's and tomorrow's day-ahead prices of the bidding zone", response: { 200: spotStatisticsSchema, ...errors } } },
    async (request) => spotStatistics(energy, scopeOf(request), request.site, now()),
  );

  app.get(
    '/api/dashboard/statistics/expenses',
    {
      preHandler: requireCustomer,
      schema: { tags, summary: 'Energy cost and fees per month from the contracts’ price components, in cents', querystring: expensesQuery, response: { 200: expensesSchema, ...errors } },
    },
    async (request) => expenses(energy, scopeOf(request), request.site, request.query.period, now()),
  );

  app.get(
    '/api/dashboard/yearly-consumption',
    {
      preHandler: requireCustomer,
      schema: { tags, summary: 'Consumption per calendar year and utility', querystring: yearlyConsumptionQuery, response: { 200: yearlyConsumptionSchema, ...errors } },
    },
    async (request) => yearlyConsumption(energy, scopeOf(request), request.site, request.query.years, now()),
  );
};

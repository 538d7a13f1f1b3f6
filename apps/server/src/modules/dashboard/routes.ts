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
  usagePointList,
  yearlyConsumption as yearlyConsumptionSchema,
  yearlyConsumptionQuery,
} from '@portal/schema/energy';
import { dashboardCards } from '@portal/schema/dashboard';
import { DASHBOARD_FIRST_VIEW, showsSpotPrice } from '@portal/schema/dashboard-view';
import { dashboardInvoices } from '@portal/schema/invoices';
import { guardedErrors } from '../../platform/error-responses.ts';
import { KeptAnswer } from '../../platform/kept-answer.ts';
import { readsInOneTurn } from '../../platform/reads-together.ts';
import { invoiceRepository } from '../invoices/invoice-repository.ts';
import { invoiceScopeOf } from '../invoices/invoice-scope.ts';
import { myUsagePoints } from '../usage-points/usage-points-service.ts';
import { dashboardLocations } from '../locations/locations-service.ts';
import { energyStatistics, expenses, spotStatistics, yearlyConsumption } from './dashboard-statistics.ts';
import { powerPeaks } from './power-peaks.ts';
import { customerOf, customerScopeOf } from '../../platform/actor.ts';
import { keptReads, type CardReads } from '../readings/card-reads.ts';
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
  /** The spot card names the current quarter hour's price: kept until the next quarter hour at most. */
  const nextQuarterAfter = (at: Date) => (Math.floor(at.getTime() / QUARTER_HOUR) + 1) * QUARTER_HOUR;

  app.get(
    '/api/dashboard/cards',
    {
      schema: {
        tags,
        summary: "The dashboard's first view in one call: each card as its own call answers it",
        description:
          'For a page that shows them all at once (decision 136): the cards are computed side by side and their reads sent ' +
          'together, and each answer is kept as its own call keeps it, so a card asked for again later is not computed again.',
        response: { 200: dashboardCards, ...guardedErrors },
      },
    },
    async (request, reply) => {
      const at = now();
      const scope = customerScopeOf(request);
      const { site } = request;
      const { consumptionPeriod, expensesPeriod, years } = DASHBOARD_FIRST_VIEW;
      const answer = app.customerAnswers.answer;
      const parts = await readsInOneTurn(db, () => {
        // Every card of the view starts from the same read of the points: one even when a change heard meanwhile
        // leaves it unkept, and the spot card shown by the points it is computed from.
        const kept = readsOf(request);
        const points = kept.meteringPoints();
        const reads: CardReads = { ...kept, meteringPoints: () => points };
        return Promise.all([
          myUsagePoints(reads).then((list) => JSON.stringify(usagePointList.parse(list))),
          answer(request, `/api/dashboard/statistics/consumption?period=${consumptionPeriod}`, energyStatisticsSchema, () =>
            energyStatistics(db, scope, site, { period: consumptionPeriod, direction: 'consumption' }, at, reads),
          ),
          answer(request, `/api/dashboard/statistics/expenses?period=${expensesPeriod}`, expensesSchema, () =>
            expenses(db, scope, site, expensesPeriod, at, reads),
          ),
          answer(request, `/api/dashboard/yearly-consumption?years=${years}`, yearlyConsumptionSchema, () =>
            yearlyConsumption(db, scope, site, years, at, reads),
          ),
          answer(request, '/api/dashboard/power-peaks', powerPeaksSchema, () => powerPeaks(db, scope, site, at)),
          points.then((list) =>
            showsSpotPrice(site, list)
              ? answer(
                  request,
                  '/api/dashboard/statistics/spot',
                  spotStatisticsSchema,
                  () => spotStatistics(db, scope, site, customerOf(request).type, at, reads),
                  { until: nextQuarterAfter(at) },
                )
              : null,
          ),
          site.features.includes('INVOICES')
            ? answer(request, '/api/dashboard/invoices', dashboardInvoices, () =>
                invoiceRepository.dashboard(db, invoiceScopeOf(request, at)),
              )
            : null,
        ]);
      });
      const [usagePoints, ...answers] = parts;
      const [consumption, expensesCard, yearly, peaks, spot, invoices] = answers.map((part) => part?.text ?? 'null');
      // Each part is its kept answer's JSON, checked against its schema when computed: joined, not encoded again.
      return new KeptAnswer(
        `{"usagePoints":${usagePoints},"consumption":${consumption},"expenses":${expensesCard},"yearlyConsumption":${yearly},` +
          `"powerPeaks":${peaks},"spot":${spot},"invoices":${invoices}}`,
      ).send(request, reply);
    },
  );

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
      return app.customerAnswers.send(
        request,
        reply,
        spotStatisticsSchema,
        () => spotStatistics(db, customerScopeOf(request), request.site, customerOf(request).type, at, readsOf(request)),
        { until: nextQuarterAfter(at) },
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

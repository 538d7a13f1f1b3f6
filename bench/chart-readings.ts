import type { App } from '../apps/server/src/app.ts';
import { apiOverhead } from './api-overhead.ts';

/** A year of one demo metering point, bucketed by day in Helsinki time, with its cost: the chart's heaviest common view. */
const PATH = '/api/charts/readings?series[]=consumption&from=2025-01-01&to=2025-12-31&resolution=day&meteringPointId=mp-lumo-aino-el';

/**
 * GET /api/charts/readings for a year by day (session, actor, validation, scoping, the rollups, the day's cost,
 * serialisation) against a bare Fastify route answering the same JSON, both with 10 requests in flight.
 */
export async function chartReadingsThroughput(app: App, cookie: string) {
  return apiOverhead(app, PATH, { host: 'lumo.localhost', cookie });
}

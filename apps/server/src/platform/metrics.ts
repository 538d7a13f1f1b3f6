import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: from a fast kept answer (~1 ms) to the slowest report a customer waits for (the budgets of ARCHITECTURE.md). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: a job sends one mail (~10 ms) or imports a month of readings (minutes). */
const JOB_BUCKETS = [0.01, 0.05, 0.25, 1, 5, 30, 120, 600];
/** Seconds: a kept row by key (~0.2 ms) to a year's rollup or an import's bulk statement (seconds). */
const STATEMENT_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];
/** Statements one request sent: a kept answer (0–1) to a page's worst (issue 30 holds a dashboard load to 8). */
const STATEMENTS_PER_REQUEST_BUCKETS = [0, 1, 2, 4, 8, 16, 32, 64];

let processRegistry: Registry | undefined;

/**
 * The process's own metrics: heap, event-loop delay (p50/p90/p99 over the scrape interval), CPU, open handles, GC
 * (prom-client's `nodejs_*` and `process_*`). Collected once a process, however many apps it builds: prom-client's
 * collectors (a GC observer, an event-loop histogram) cannot be stopped, and with one set per app every app a test run
 * built stayed in memory (decision 103, ninth session).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
  }
  return processRegistry;
}

/**
 * One server copy's metrics in Prometheus's text exposition format (prom-client; docs/decisions/113-metrics.md,
 * docs/operations.md names each with its alerts). A registry per app, not prom-client's global one: tests build many
 * apps in one process. `exposition` is what a scrape reads: the process's metrics and the app's. Counters are this
 * copy's since it started; Prometheus sums copies and takes rates.
 */
export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  return {
    exposition: {
      contentType: registry.contentType,
      metrics: () => Registry.merge([processMetrics(), registry]).metrics(),
    } satisfies Pick<Registry, 'contentType' | 'metrics'>,
    /** Every answered request; `route` is the route's template (`/api/invoices/:id`), never the path a client sent. */
    httpRequests: new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Requests answered, by method, route template and status code, and how long each took to answer',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: REQUEST_BUCKETS,
      registers,
    }),
    /** Every statement this copy sent, by its first keyword (SELECT, INSERT, WITH, BEGIN…): our code's, never a client's. */
    statements: new Histogram({
      name: 'portal_db_statement_duration_seconds',
      help: 'Database statements this copy sent, by first keyword and whether they failed, and how long each took to settle',
      labelNames: ['operation', 'failed'] as const,
      buckets: STATEMENT_BUCKETS,
      registers,
    }),
    /** Statements sent on behalf of each answered request: a route whose count grows is a query in a loop. */
    requestStatements: new Histogram({
      name: 'portal_http_request_statements',
      help: 'Database statements each answered request sent, by route template',
      labelNames: ['route'] as const,
      buckets: STATEMENTS_PER_REQUEST_BUCKETS,
      registers,
    }),
    jobsFinished: new Histogram({
      name: 'portal_job_duration_seconds',
      help: 'Jobs this copy ran to an outcome (done, retry, dead, released, lost), by kind, and how long each ran',
      labelNames: ['kind', 'outcome'] as const,
      buckets: JOB_BUCKETS,
      registers,
    }),
    meterCommands: new Counter({
      name: 'portal_meter_commands_total',
      help: 'Power-control commands: handed to the broker (sent), then settled by this copy (confirmed, failed, timed-out)',
      labelNames: ['outcome'] as const,
      registers,
    }),
    customerAnswers: new Counter({
      name: 'portal_kept_answer_lookups_total',
      help: "Reads of a customer's kept answers (platform/customer-answers.ts): hit when kept, miss when computed, shared when it joined a computation in flight",
      labelNames: ['outcome'] as const,
      registers,
    }),
    /** A gauge read when scraped: `collect` sets its values then (a count in memory, or a query); a failed read leaves it out. */
    gauge<Label extends string>(options: {
      name: string;
      help: string;
      labelNames?: readonly Label[];
      collect: (gauge: Gauge<Label>) => void | Promise<void>;
    }): void {
      const { collect, ...rest } = options;
      new Gauge<Label>({
        ...rest,
        registers,
        async collect() {
          // A value that cannot be read now (the database away) is left out, not the whole scrape: the rest is
          // what an operator needs most then, and an absent series is what the alert on it sees.
          try {
            await collect(this);
          } catch {
            this.reset();
          }
        },
      });
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

type StatementCount = { statements: number };
const requestStatements = new AsyncLocalStorage<StatementCount>();

/** Counts a statement for the request it was sent for, if any (a job's or a start's belong to none). */
export function countStatementOfRequest(): void {
  const count = requestStatements.getStore();
  if (count) count.statements += 1;
}

/**
 * Decorates the app with its metrics, times every request from arrival to the end of its answer (onResponse) and counts
 * the statements sent on its behalf.
 * Registered first, so that requests a later plugin refuses (rate limits, input limits, guards) are counted too.
 */
export const requestMetrics = fp(
  async (app: FastifyInstance, { metrics }: { metrics: Metrics }) => {
    app.decorate('metrics', metrics);
    const counted = new WeakMap<FastifyRequest, StatementCount>();
    app.addHook('onRequest', (request, _reply, done) => {
      const count = { statements: 0 };
      counted.set(request, count);
      // The request's hooks and handler continue from here, so the statements they send find this count.
      requestStatements.enterWith(count);
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      // Unknown paths reach the web app's catch-all route (`/*`); without any route, one label for all, so no client
      // chooses our labels.
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.httpRequests.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
      metrics.requestStatements.observe({ route }, counted.get(request)?.statements ?? 0);
      done();
    });
  },
  { name: 'request-metrics' },
);

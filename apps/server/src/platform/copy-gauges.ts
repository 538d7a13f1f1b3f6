import type { HeadEnd } from '../integrations/head-end/port.ts';
import type { DatabaseHandle } from './database.ts';
import { queueState } from './jobs/job-queue.ts';
import type { LongAnswers } from './long-answers.ts';
import type { Metrics } from './metrics.ts';

/**
 * The gauges of a server copy, read when Prometheus scrapes (docs/operations.md names their alerts): the job queue
 * (one query), answers held open, the meter broker's connection and the database pool.
 */
export function observeCopy(
  metrics: Metrics,
  {
    database,
    longAnswers,
    headEnd,
  }: { database: DatabaseHandle; longAnswers: Pick<LongAnswers, 'size'>; headEnd: Pick<HeadEnd, 'isConnected'> },
): void {
  // One query for three gauges: the first gauge collected asks, the other two read its answer.
  let queue: Promise<Awaited<ReturnType<typeof queueState>>> | null = null;
  const readQueue = () => (queue ??= queueState(database.db, new Date()).finally(() => setImmediate(() => (queue = null))));
  metrics.gauge({
    name: 'portal_jobs_due',
    help: 'Jobs due now and waiting for a worker, in every copy sharing the database',
    collect: async (gauge) => gauge.set((await readQueue()).due),
  });
  metrics.gauge({
    name: 'portal_jobs_oldest_due_seconds',
    help: 'How long the longest-waiting due job has waited for a worker, in seconds (0 when none waits)',
    collect: async (gauge) => gauge.set((await readQueue()).oldestDueSeconds),
  });
  metrics.gauge({
    name: 'portal_jobs_dead',
    help: 'Jobs that failed their last attempt and wait for an operator (kept until the nightly purge)',
    collect: async (gauge) => gauge.set((await readQueue()).dead),
  });
  metrics.gauge({
    name: 'portal_long_answers_open',
    help: 'Event streams and downloads this copy holds open for signed-in people (docs/decisions/100)',
    collect: (gauge) => gauge.set(longAnswers.size),
  });
  metrics.gauge({
    name: 'portal_meter_broker_connected',
    help: "1 while this copy's head-end is connected to the meters' MQTT broker, else 0",
    collect: (gauge) => gauge.set(headEnd.isConnected() ? 1 : 0),
  });
  metrics.gauge({
    name: 'portal_database_connections',
    help: "This copy's PostgreSQL pool: connections open, idle, and queries waiting for one (absent on PGlite)",
    labelNames: ['state'] as const,
    collect: (gauge) => {
      const connections = database.connections();
      if (!connections) return;
      gauge.set({ state: 'open' }, connections.open);
      gauge.set({ state: 'idle' }, connections.idle);
      gauge.set({ state: 'waiting' }, connections.waiting);
    },
  });
}

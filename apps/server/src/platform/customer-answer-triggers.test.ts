import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@portal/schema/calendar-dates';
import { chartSeries } from '@portal/schema/enums';
import { queryRows } from './database.ts';
import { buildBilledContract, buildInvoice } from '../test-support/billing-factories.ts';
import { buildMeteringPoint, insertReadings } from '../test-support/energy-factories.ts';
import { PEOPLE, sessionCookieFor } from '../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../test-support/test-app.ts';

/** Every route whose answer the customer answer cache keeps (the callers of `customerAnswers.send`, decision 082). */
const KEPT_ROUTES = [
  '/api/invoices',
  '/api/invoices?type=paid',
  '/api/dashboard/invoices',
  '/api/dashboard/locations',
  '/api/dashboard/statistics/consumption?period=month',
  '/api/dashboard/statistics/consumption?period=year',
  '/api/dashboard/statistics/production',
  '/api/dashboard/statistics/spot',
  '/api/dashboard/statistics/expenses?period=year',
  '/api/dashboard/statistics/expenses?period=month',
  '/api/dashboard/yearly-consumption',
  '/api/dashboard/power-peaks',
];
const CHART_RESOLUTIONS = ['hour', 'day', 'month'];
const CHART_SERIES = chartSeries.options;

/**
 * Tables a kept answer reads that need no trigger of their own, and why: each changes only in the same statement or
 * transaction as a table whose trigger names the same customers.
 */
const HEARD_THROUGH: Record<string, string> = {
  reading: "written only with refreshRollups in the writer's transaction, which notifies the touched points' customers",
  reading_day: 'written with reading_hour, in the statement whose trigger notifies its customers (migration 0014)',
  reading_month: 'written with reading_hour, in the statement whose trigger notifies its customers (migration 0014)',
  spot_price_hour: 'written with spot_price, whose trigger notifies everyone (migration 0014)',
};

/** Relations named after FROM or JOIN in a statement; CTEs and functions are dropped by the caller. */
function relationsIn(statement: string): string[] {
  return [...statement.matchAll(/\b(?:from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi)].map((match) => match[1]!.toLowerCase());
}

/**
 * Decision 082 keeps answers until the database says their data changed: a table such an answer reads without a
 * `customer_data_changed` trigger lets a customer see stale data for up to a minute after a change. This records the
 * statements each kept answer runs and checks every table they read has its trigger (PGlite and PostgreSQL).
 */
describe('the tables the customer answer cache keeps answers of', () => {
  const ctx = useTestApp();
  const read = new Set<string>();
  let restore = () => {};

  beforeAll(async () => {
    const db = ctx.database.db;
    const contract = await buildBilledContract(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    const today = todayIn('Europe/Helsinki');
    const invoice = await buildInvoice(db, { contract, periodStart: addDays(today, -40), dueDate: addDays(today, 10) });
    const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    await insertReadings(db, point.id, { from: new Date(Date.now() - 3 * 86_400_000), to: new Date() });

    // Only the statements run while a kept answer is computed: not the session's, the actor's or the site's.
    const answers = ctx.app.customerAnswers;
    const send = answers.send.bind(answers);
    let recording = false;
    answers.send = (request, reply, schema, compute) =>
      send(request, reply, schema, async () => {
        recording = true;
        try {
          return await compute();
        } finally {
          recording = false;
        }
      });
    const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const query = client.query;
    client.query = function (this: unknown, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      if (recording && text) for (const relation of relationsIn(text)) read.add(relation);
      return query.apply(this, args);
    };
    restore = () => {
      answers.send = send;
      client.query = query;
    };

    const cookie = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
    const charts = CHART_RESOLUTIONS.flatMap((resolution) =>
      [...CHART_SERIES, 'consumption&series[]=1'].map(
        (series) =>
          `/api/charts/readings?series[]=${series}&from=${addDays(today, -60)}&to=${today}&resolution=${resolution}&meteringPointId=${point.id}`,
      ),
    );
    const pattern = `/api/charts/usage-pattern?meteringPointId=${point.id}&from=${addDays(today, -60)}&to=${today}`;
    const analysis = `/api/invoices/${invoice.invoiceNumber}/analysis`;
    for (const url of [...KEPT_ROUTES, ...charts, pattern, analysis]) {
      const response = await ctx.app.inject({ url, headers: { host: HOSTS.lumo, cookie } });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    }
  });
  afterAll(() => restore());

  it('every table a kept answer reads notifies customer_data_changed when it changes, or changes only with one that does', async () => {
    const tables = await queryRows<{ name: string }>(
      ctx.database.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const readTables = [...read].filter((name) => tables.some((table) => table.name === name)).sort();
    // The recording works: the invoice list and the charts were computed from these.
    expect(readTables).toEqual(expect.arrayContaining(['invoice', 'reading_hour', 'spot_price']));

    const triggered = await queryRows<{ name: string }>(
      ctx.database.db,
      sql`select distinct c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
          where not t.tgisinternal and p.proname in ('notify_customer_data_changed', 'notify_customers_of_written_points')`,
    );
    const heard = new Set([...triggered.map((row) => row.name), ...Object.keys(HEARD_THROUGH)]);
    expect(readTables.filter((name) => !heard.has(name))).toEqual([]);
    // No reason kept for a table no kept answer reads any more.
    expect(Object.keys(HEARD_THROUGH).filter((name) => !readTables.includes(name))).toEqual([]);
  });
});

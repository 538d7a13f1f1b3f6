import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PEOPLE, sessionCookieFor } from '../test-support/sessions.ts';
import { freePort } from '../test-support/free-port.ts';
import { HOSTS, useTestApp } from '../test-support/test-app.ts';
import { enqueue } from './jobs/enqueue.ts';
import { purgeFinishedJobsJob } from './jobs/purge-finished-jobs.ts';

/** Debian's `prometheus` package (.ci/run installs it): its checker and server prove the format, as a scrape reads it. */
const installed = (command: string) => spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;
const hasPromtool = installed('promtool');
const hasPrometheus = installed('prometheus');

const healthPort = await freePort();
const scrape = async () => {
  const response = await fetch(`http://127.0.0.1:${healthPort}/metrics`);
  return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };
};
/** The value of one series of the exposition text, or undefined when it is not there. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe("a server copy's metrics on its health port (docs/decisions/113-metrics.md)", () => {
  const ctx = useTestApp({ HEALTH_PORT: String(healthPort) }, { listen: true });
  let aino: string;

  beforeAll(async () => {
    aino = await sessionCookieFor(ctx.database.db, PEOPLE.aino, 'lumo');
    await ctx.app.customerAnswers.caughtUp();
  });

  it('counts requests by route template and status, never by the path a client sent', async () => {
    for (const url of ['/api/site', '/api/site', '/api/no-such-call/4711']) await ctx.app.inject({ url, headers: { host: HOSTS.lumo } });
    const { status, contentType, text } = await scrape();
    expect(status).toBe(200);
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(valueOf(text, 'portal_http_request_duration_seconds_count{method="GET",route="/api/site",status_code="200"}')).toBe(2);
    // An unknown call falls to the web app's catch-all route, which refuses it under /api/: labelled by that route.
    expect(valueOf(text, 'portal_http_request_duration_seconds_count{method="GET",route="/*",status_code="404"}')).toBe(1);
    // In no label: a value (the process's CPU seconds, a byte count) may hold the digits by chance, as one run's did.
    expect(text.match(/\{[^}]*4711[^}]*\}/)).toBeNull();
  });

  it("counts a customer's kept answers as hits and the first read as a miss", async () => {
    for (let read = 0; read < 3; read += 1) {
      expect((await ctx.app.inject({ url: '/api/invoices', headers: { host: HOSTS.lumo, cookie: aino } })).statusCode).toBe(200);
    }
    const { text } = await scrape();
    expect(valueOf(text, 'portal_kept_answer_lookups_total{outcome="miss"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'portal_kept_answer_lookups_total{outcome="hit"}')).toBeGreaterThanOrEqual(2);
    expect(valueOf(text, 'portal_http_request_duration_seconds_count{method="GET",route="/api/invoices",status_code="200"}')).toBe(3);
  });

  it('times every statement the copy sends, by first keyword, and counts the failed ones apart', async () => {
    const before = valueOf((await scrape()).text, 'portal_db_statement_duration_seconds_count{operation="SELECT",failed="false"}') ?? 0;
    await ctx.database.db.execute(sql`select 1`);
    await ctx.database.db.execute(sql`select 2`);
    await expect(ctx.database.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
    const { text } = await scrape();
    expect(valueOf(text, 'portal_db_statement_duration_seconds_count{operation="SELECT",failed="false"}')).toBeGreaterThanOrEqual(
      before + 2,
    );
    expect(valueOf(text, 'portal_db_statement_duration_seconds_count{operation="SELECT",failed="true"}')).toBeGreaterThanOrEqual(1);
  });

  it('counts the statements each request sent by route, and none sent outside a request', async () => {
    const series = (suffix: string) => `portal_http_request_statements_${suffix}{route="/api/invoices"}`;
    const totalOfAllRoutes = (text: string) =>
      [...text.matchAll(/^portal_http_request_statements_sum\{[^}]*\} (\d+)$/gm)].reduce((sum, [, value]) => sum + Number(value), 0);
    const before = (await scrape()).text;
    for (let statement = 0; statement < 5; statement += 1) await ctx.database.db.execute(sql`select 1`);
    expect(totalOfAllRoutes((await scrape()).text)).toBe(totalOfAllRoutes(before));

    // Mikko's first read of his invoices is computed (a kept-answer miss): it reads the database.
    const mikko = await sessionCookieFor(ctx.database.db, PEOPLE.mikko, 'lumo');
    expect((await ctx.app.inject({ url: '/api/invoices', headers: { host: HOSTS.lumo, cookie: mikko } })).statusCode).toBe(200);
    const { text } = await scrape();
    expect(valueOf(text, series('count'))).toBe((valueOf(before, series('count')) ?? 0) + 1);
    expect(valueOf(text, series('sum'))).toBeGreaterThan(valueOf(before, series('sum')) ?? 0);
    expect(valueOf(text, `portal_http_request_statements_bucket{le="0",route="/api/invoices"}`)).toBeDefined();
  });

  it('shows the job queue waiting, then the job run by kind and outcome', async () => {
    await enqueue(ctx.database.db, purgeFinishedJobsJob, {}, { runAt: new Date(Date.now() - 90_000) });
    const waiting = (await scrape()).text;
    expect(valueOf(waiting, 'portal_jobs_due')).toBe(1);
    expect(valueOf(waiting, 'portal_jobs_oldest_due_seconds')).toBeGreaterThanOrEqual(90);
    await ctx.app.jobs.runDue();
    const ran = (await scrape()).text;
    expect(valueOf(ran, 'portal_jobs_due')).toBe(0);
    expect(valueOf(ran, 'portal_jobs_oldest_due_seconds')).toBe(0);
    expect(valueOf(ran, 'portal_job_duration_seconds_count{kind="jobs.purge-finished",outcome="done"}')).toBe(1);
  });

  it("says the meter broker's connection, the answers held open, the event loop's delay and the heap", async () => {
    const { text } = await scrape();
    expect(valueOf(text, 'portal_meter_broker_connected')).toBe(1);
    expect(valueOf(text, 'portal_long_answers_open')).toBe(0);
    expect(valueOf(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    // The pool's gauges exist on PostgreSQL only (PGlite has no pool).
    const open = valueOf(text, 'portal_database_connections{state="open"}');
    if (ctx.database.kind === 'postgres') expect(open).toBeGreaterThanOrEqual(1);
    else expect(open).toBeUndefined();
  });

  it.skipIf(!hasPromtool)("passes promtool's check of the exposition format and its naming rules", async () => {
    const { text } = await scrape();
    const check = (input: string) => {
      const checked = spawnSync('promtool', ['check', 'metrics'], { input, encoding: 'utf8' });
      return { status: checked.status, problems: `${checked.stdout}${checked.stderr}`.trim().split('\n').filter(Boolean) };
    };
    // prom-client names three gauges of its defaults with `_total`, as dashboards for it expect: the only findings.
    expect(check(text)).toEqual({
      status: 3,
      problems: ['active_handles', 'active_requests', 'active_resources'].map(
        (name) => `nodejs_${name}_total non-counter metrics should not have "_total" suffix`,
      ),
    });
    const own = text
      .split('\n')
      .filter((line) => /^(# (HELP|TYPE) )?portal_/.test(line))
      .join('\n');
    expect(check(`${own}\n`)).toEqual({ status: 0, problems: [] });
  });

  describe.skipIf(!hasPrometheus)('scraped by a real Prometheus', () => {
    let prometheus: ChildProcess | undefined;
    let folder = '';
    let webPort = 0;

    beforeAll(async () => {
      folder = mkdtempSync(join(tmpdir(), 'prometheus-'));
      webPort = await freePort();
      writeFileSync(
        join(folder, 'prometheus.yml'),
        [
          'global: { scrape_interval: 1s, scrape_timeout: 1s }',
          'scrape_configs:',
          `  - { job_name: portal, static_configs: [{ targets: ['127.0.0.1:${healthPort}'] }] }`,
        ].join('\n'),
      );
      prometheus = spawn(
        'prometheus',
        [
          `--config.file=${join(folder, 'prometheus.yml')}`,
          `--storage.tsdb.path=${join(folder, 'data')}`,
          `--web.listen-address=127.0.0.1:${webPort}`,
        ],
        { stdio: 'ignore' },
      );
    });
    afterAll(async () => {
      prometheus?.kill();
      if (prometheus?.exitCode === null) await new Promise((resolve) => prometheus!.once('exit', resolve));
      rmSync(folder, { recursive: true, force: true });
    });

    const query = async (promql: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]> => {
      const response = await fetch(`http://127.0.0.1:${webPort}/api/v1/query?query=${encodeURIComponent(promql)}`).catch(() => null);
      if (!response?.ok) return [];
      return ((await response.json()) as { data: { result: { metric: Record<string, string>; value: [number, string] }[] } }).data.result;
    };

    it('finds the copy up and reads its request counts by route', async () => {
      await expect.poll(async () => (await query('up{job="portal"}'))[0]?.value[1], { timeout: 25_000, interval: 500 }).toBe('1');
      const series = await query('portal_http_request_duration_seconds_count{route="/api/site",status_code="200"}');
      expect(series.map(({ metric, value }) => [metric.method, value[1]])).toEqual([['GET', '2']]);
    });
  });
});

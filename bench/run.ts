import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { connect } from 'node:net';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { seedDemoData } from '../apps/server/src/db/seed/demo-data.ts';
import { sessionCookieFor } from '../apps/server/src/test-support/sessions.ts';
import { apiOverhead } from './api-overhead.ts';
import { balancedCopies, balancedCopiesMissing } from './balanced-copies.ts';
import { benchDatabaseKinds, openBenchDatabase } from './bench-databases.ts';
import { seedBenchCustomers } from './bench-customers.ts';
import { chartReadingsThroughput } from './chart-readings.ts';
import { importSpeed } from './import-speed.ts';
import { liveReadingFanOut } from './live-readings-fan-out.ts';
import { loadRun } from './load-run.ts';
import { meterCommandThroughput } from './meter-commands.ts';
import { pageVitals } from './page-vitals.ts';
import { readingsScale } from './readings-scale.ts';
import { startServerProcess } from './server-process.ts';
import { dashboardLoadStatements } from './statements-per-load.ts';
import { firstLoads, packagesIn } from './web-bundle.ts';

/**
 * The performance budgets of ARCHITECTURE.md and issue 15, printed as ratios from one run on this machine: the
 * database rows on embedded PGlite, and on PostgreSQL too when BENCH_DATABASE_URL names a server. Exits non-zero
 * when one is missed.
 */
const distDir = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
type Row = { budget: string; measured: string; ratio: number; pass: boolean };
const rows: Row[] = [];
const row = (budget: string, measured: string, ratio: number, pass: boolean) => {
  rows.push({ budget, measured, ratio, pass });
  console.log(`${pass ? 'pass' : 'MISS'}  ${budget}: ${measured}`);
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const redisUrl = process.env.REDIS_URL ?? ((await answers(6379)) ? 'redis://127.0.0.1:6379' : undefined);
let vitalsMeasured = false;
let fanOutMeasured = false;

for (const kind of benchDatabaseKinds()) {
  const onPostgres = kind === 'postgres';
  const bench = await openBenchDatabase(kind);
  try {
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DEMO_MODE: 'true', WEB_DIST_DIR: distDir });
    await seedDemoData(bench.database.db, { idpIssuer: config.auth.demoIdpIssuer! });
    // PostgreSQL's autovacuum takes the two years just loaded in the minutes after, on one of the two cores the
    // measured rows need: /api/site measured 0.57 beside it and 0.76–0.86 alone. Vacuumed here, as a server that has
    // run for a while would be.
    if (onPostgres) await bench.database.db.execute(sql`vacuum analyze`);
    const app = await buildApp({ config, database: bench.database, appVersion: 'bench' });
    try {
      const cookie = await sessionCookieFor(bench.database.db, 'FI131052-308T', 'lumo');
      const site = await apiOverhead(app, '/api/site', { host: 'lumo.localhost' });
      row(
        `public GET /api/site ≥ 0.6 × a bare Fastify route (${kind})`,
        `${rps(site.appRps)} vs ${rps(site.bareRps)}`,
        site.ratio,
        site.ratio >= 0.6,
      );
      // ARCHITECTURE.md: the signed-in list ≥ 0.5 × on PostgreSQL, ≥ 0.25 × on PGlite.
      const listShare = onPostgres ? 0.5 : 0.25;
      const list = await apiOverhead(app, '/api/invoices', { host: 'lumo.localhost', cookie });
      row(
        `authenticated GET /api/invoices ≥ ${listShare} × a bare Fastify route (${kind})`,
        `${rps(list.appRps)} vs ${rps(list.bareRps)}`,
        list.ratio,
        list.ratio >= listShare,
      );
      // Issue 15: ≥ 0.25 × on PostgreSQL; PGlite, one statement at a time in WASM, is held to half of it as the list is.
      const chartShare = onPostgres ? 0.25 : 0.125;
      const chart = await chartReadingsThroughput(app, cookie);
      row(
        `GET /api/charts/readings, a year by day with cost, ≥ ${chartShare} × a bare route with the same JSON (${kind})`,
        `${rps(chart.appRps)} vs ${rps(chart.bareRps)}`,
        chart.ratio,
        chart.ratio >= chartShare,
      );
      const imported = await importSpeed(bench.database);
      row(
        `readings import (CSV, checks, upsert, rollups) ≥ 0.5 × a plain COPY of the same rows (${kind})`,
        `${imported.rows} rows in ${imported.importMs.toFixed(0)} ms vs COPY ${imported.copyMs.toFixed(0)} ms`,
        imported.ratio,
        imported.ratio >= 0.5,
      );
      if (!fanOutMeasured) {
        fanOutMeasured = true;
        const fanOut = await liveReadingFanOut(app, 'obj-lumo-aino-home', { host: 'lumo.localhost', cookie });
        row(
          `live readings to ${fanOut.streams} concurrent SSE streams: every stream within 250 ms, ≤ 64 KB heap per stream`,
          `last stream after ${fanOut.worstMs.toFixed(0)} ms (median round ${fanOut.medianMs.toFixed(0)} ms); ${kb(fanOut.heapPerStream)} heap, ${kb(fanOut.rssPerStream)} RSS per stream`,
          fanOut.worstMs / 250,
          fanOut.worstMs <= 250 && fanOut.heapPerStream <= 64 * 1024,
        );
      }
    } finally {
      await app.close();
    }

    // The server as operators run it, in a process of its own, under the evening peak of issue 15.
    const cookies = await seedBenchCustomers(bench.database.db, 50);
    // Their demo invoices, as the start after them would top up, so that the starts below find nothing to do.
    await seedDemoData(bench.database.db, { idpIssuer: config.auth.demoIdpIssuer! });
    const signedIn = await sessionCookieFor(bench.database.db, 'FI131052-308T', 'lumo');
    await bench.close();
    const environment = { ...bench.environment, WEB_DIST_DIR: distDir, ...(redisUrl && onPostgres ? { REDIS_URL: redisUrl } : {}) };
    // The start measured is the second, as every start after the first: V8's compile cache is filled by the first.
    // The first copy also loads Aino's dashboard once, so that her answers are kept (decision 082) as a running
    // installation keeps them, and the measured copy's first load meets only its own cold memory (issue 30).
    const first = await startServerProcess(environment);
    try {
      const [computed] = await dashboardLoadStatements(first, signedIn, 1);
      console.log(
        `info  statements of a dashboard load whose answers were all computed (${kind}): ${computed!.statements} (${computed!.routes.join('; ')})`,
      );
    } finally {
      await first.stop();
    }
    const server = await startServerProcess(environment);
    try {
      // Issue 15: a start on a database already migrated and seeded, as every start after the first one.
      row(
        `warm start to ready ≤ 3 s (${kind})`,
        `${(server.readyAfterMs / 1000).toFixed(1)} s`,
        server.readyAfterMs / 3000,
        server.readyAfterMs <= 3000,
      );
      // Issue 30: a new copy's first signed-in dashboard load (its site, host and session caches empty), then loads
      // once the copy's short-lived site cache expired.
      const [cold, ...later] = await dashboardLoadStatements(server, signedIn, 3);
      const worstLater = Math.max(...later.map((load) => load.statements));
      row(
        `statements per signed-in dashboard load ≤ 8, page and calls, on a new copy's cold caches (${kind})`,
        `${cold!.statements} on the first load (${cold!.routes.join('; ')}); ${later.map((load) => load.statements).join(', ')} after`,
        Math.max(cold!.statements, worstLater) / 8,
        cold!.statements <= 8 && worstLater <= 8,
      );
      const load = await loadRun(server, cookies);
      const p99Limit = 250;
      row(
        `200 connections × 30 s over the dashboard's calls, 50 customers: 0 errors, p99 ≤ ${p99Limit} ms (${kind}${onPostgres ? '' : ', p99 reported only'})`,
        `${load.requests} requests, ${load.errors} errors${load.errors > 0 ? ` (${load.errorKinds})` : ''}, p50 ${load.p50} ms, p99 ${load.p99} ms`,
        load.p99 / p99Limit,
        load.errors === 0 && (!onPostgres || load.p99 <= p99Limit),
      );
      row(
        `readiness answers ≤ 50 ms throughout the load (${kind})`,
        `slowest ${load.healthWorstMs.toFixed(0)} ms`,
        load.healthWorstMs / 50,
        load.healthWorstMs <= 50,
      );
      // Issue 30: a copy's resident memory once its caches have filled, against a bare Fastify's 81 MB (decision 121).
      const rssLimit = 160 * 1024 * 1024;
      row(
        `server memory after warm-up ≤ 160 MB RSS (${kind}${onPostgres ? '' : ', reported only'})`,
        `${mb(server.readyRssBytes)} when ready, ${mb(load.rssAfterWarmUp)} after warm-up`,
        load.rssAfterWarmUp / rssLimit,
        !onPostgres || load.rssAfterWarmUp <= rssLimit,
      );
      const growth = load.rssAtEnd / load.rssAfterWarmUp;
      row(
        `server memory flat after warm-up (≤ 1.2 ×) (${kind})`,
        `${mb(load.rssAfterWarmUp)} → ${mb(load.rssAtEnd)} RSS`,
        growth,
        growth <= 1.2,
      );
      if (!vitalsMeasured) {
        vitalsMeasured = true;
        // Issue 27: what a phone downloads before the page is the app's, on the sign-in page and the dashboard.
        const loads = await firstLoads(distDir, server.origin, [{ path: '/auth/signin' }, { path: '/dashboard', cookie: signedIn }]);
        for (const load of loads) {
          console.log(`info  ${load.page} first-load JS with gzip instead: ${kb(load.gzipBytes)} in ${load.files.length} files`);
          if (load.chartFiles.length > 0)
            console.log(`info  ${load.page} had a chart in view: the chart library came too, ${kb(load.chartBytes)}`);
          row(
            `${load.page} first-load JS as transferred (brotli), measured in Chromium on a phone ≤ 150 KB`,
            kb(load.transferredBytes),
            load.transferredBytes / (150 * 1024),
            load.transferredBytes <= 150 * 1024,
          );
        }
        // Validation, forms, date pickers and charts belong to the pages and moments that use them (decisions 023, 105).
        const lazyOnly = packagesIn(
          distDir,
          loads.flatMap((load) => load.files),
          ['zod', '@mantine/form', '@mantine/dates', 'echarts'],
        );
        row(
          'sign-in and dashboard first loads carry no zod, @mantine/form or @mantine/dates, and echarts only with a chart in view',
          lazyOnly.join(', ') || 'none of them',
          lazyOnly.length,
          lazyOnly.length === 0,
        );
        const vitals = await pageVitals(server.origin, '/dashboard', { cookie: signedIn });
        row(
          'signed-in dashboard LCP ≤ 1.5 s, 4× CPU slow-down, 1.6 Mbit/s and 150 ms (median of 5 cold loads)',
          `${vitals.lcp.toFixed(0)} ms (${vitals.loads.map((load) => load.lcp.toFixed(0)).join(', ')}) at ${vitals.lcpElement}`,
          vitals.lcp / 1500,
          vitals.lcp <= 1500,
        );
        row('signed-in dashboard CLS ≤ 0.05 (same loads)', vitals.cls.toFixed(3), vitals.cls / 0.05, vitals.cls <= 0.05);
        // Issue 27: no page shifts as it loads (CLS ≤ 0.02), and its largest paint is its own content, not the consent
        // banner: sign-in as a first visit meets it, the other pages as a returning customer.
        for (const { page, path, cookie } of [
          { page: 'sign-in, first visit', path: '/auth/signin', cookie: undefined },
          { page: 'dashboard', path: '/dashboard', cookie: signedIn },
          { page: 'invoices', path: '/invoices', cookie: signedIn },
          { page: 'charts', path: '/charts', cookie: signedIn },
        ]) {
          const shown = page === 'dashboard' ? vitals : await pageVitals(server.origin, path, { cookie, loads: 3 });
          row(
            `${page}: CLS ≤ 0.02 on a phone, the largest paint the page's own (median of ${shown.loads.length} cold loads)`,
            `${shown.cls.toFixed(3)}${shown.clsTarget ? ` (largest shift ${shown.clsTarget})` : ''}; largest paint ${shown.lcp.toFixed(0)} ms at ${shown.lcpInConsentBanner ? 'the consent banner, ' : ''}${shown.lcpElement || 'nothing'}`,
            shown.cls / 0.02,
            shown.cls <= 0.02 && !shown.lcpInConsentBanner,
          );
        }
      }
    } finally {
      await server.stop();
    }

    if (onPostgres) {
      const missing = balancedCopiesMissing(redisUrl);
      if (missing) {
        // A budget this run could not measure is not met: the PostgreSQL bench needs every part operators run.
        row('two copies behind nginx, one killed mid-run: 0 errors', `not run: ${missing}`, 1, false);
      } else {
        const balanced = await balancedCopies({ ...bench.environment, WEB_DIST_DIR: distDir, REDIS_URL: redisUrl! }, cookies);
        row(
          `two copies behind nginx on one PostgreSQL and Redis, one killed at ${balanced.killedAt} s: 0 errors, p99 ≤ 250 ms`,
          `${balanced.requests} requests, ${balanced.errors} errors${balanced.errors > 0 ? ` (${balanced.errorKinds})` : ''}, p50 ${balanced.p50} ms, p99 ${balanced.p99} ms`,
          balanced.p99 / 250,
          balanced.errors === 0 && balanced.p99 <= 250,
        );
      }
    }
  } finally {
    await bench.drop();
  }
}

// The embedded broker always; a real one (Mosquitto) too when BENCH_MQTT_URL names it.
for (const url of [undefined, ...(process.env.BENCH_MQTT_URL ? [process.env.BENCH_MQTT_URL] : [])]) {
  const commands = await meterCommandThroughput(url);
  row(
    `meter commands through the broker (${commands.broker}: publish → meter's answer heard) ≥ 500 per second`,
    `${commands.commandsPerSecond.toFixed(0)} commands/s`,
    commands.commandsPerSecond / 500,
    commands.commandsPerSecond >= 500,
  );
}

for (const kind of benchDatabaseKinds()) {
  const scale = await readingsScale(kind);
  row(
    `one metering point's year by day with cost: flat (≤ 1.2 ×) from 1 M to ${(scale.largestRows / 1e6).toFixed(0)} M readings (${kind})`,
    `${scale.atOne.toFixed(1)} ms at ${(scale.oneMillionRows / 1e6).toFixed(1)} M, ${scale.atLargest.toFixed(1)} ms at ${(scale.largestRows / 1e6).toFixed(1)} M (loaded in ${scale.loadSeconds.toFixed(0)} s)`,
    scale.ratio,
    scale.ratio <= 1.2,
  );
}

console.table(rows.map((entry) => ({ ...entry, ratio: entry.ratio.toFixed(2) })));
process.exitCode = rows.every((entry) => entry.pass) ? 0 : 1;

function rps(value: number) {
  return `${value.toFixed(0)} req/s`;
}

async function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(500, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

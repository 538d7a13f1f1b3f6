import { fileURLToPath } from 'node:url';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { seedDemoData } from '../apps/server/src/db/seed/demo-data.ts';
import { openDatabase } from '../apps/server/src/platform/database.ts';
import { sessionCookieFor } from '../apps/server/src/test-support/sessions.ts';
import { apiOverhead } from './api-overhead.ts';
import { chartReadingsThroughput } from './chart-readings.ts';
import { readingsScale } from './readings-scale.ts';
import { dashboardFirstLoad } from './web-bundle.ts';

/** Budgets of ARCHITECTURE.md, printed as ratios from one run on this machine. Exits non-zero when one is missed. */
const distDir = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
const rows: { budget: string; measured: string; ratio: number; pass: boolean }[] = [];

const web = dashboardFirstLoad(distDir);
const webLimit = 250 * 1024;
rows.push({
  budget: 'dashboard first-load JS ≤ 250 KB gzip',
  measured: `${(web.gzipBytes / 1024).toFixed(1)} KB in ${web.files.length} files`,
  ratio: web.gzipBytes / webLimit,
  pass: web.gzipBytes <= webLimit,
});

const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DEMO_MODE: 'true', WEB_DIST_DIR: distDir });
const database = await openDatabase(process.env.BENCH_DATABASE_URL ? { kind: 'postgres', url: process.env.BENCH_DATABASE_URL } : { kind: 'pglite', dataDir: null });
await seedDemoData(database.db, { idpIssuer: config.auth.demoIdpIssuer! });
const app = await buildApp({ config, database, appVersion: 'bench' });
try {
  const cookie = await sessionCookieFor(database.db, 'FI131052-308T', 'lumo');
  const calls: { budget: string; path: string; headers: Record<string, string> }[] = [
    { budget: 'public GET /api/site (site resolution, headers) ≥ 0.5 × a bare Fastify route', path: '/api/site', headers: { host: 'lumo.localhost' } },
    { budget: 'authenticated GET /api/invoices ≥ 0.5 × a bare Fastify route', path: '/api/invoices', headers: { host: 'lumo.localhost', cookie } },
  ];
  for (const call of calls) {
    const overhead = await apiOverhead(app, call.path, call.headers);
    rows.push({
      budget: call.budget,
      measured: `${overhead.appRps.toFixed(0)} vs ${overhead.bareRps.toFixed(0)} req/s`,
      ratio: overhead.ratio,
      pass: overhead.ratio >= 0.5,
    });
  }
  const charts = await chartReadingsThroughput(app, database);
  rows.push({
    budget: 'GET /api/charts/readings (a year by day) ≥ 0.5 × the same SQL run directly',
    measured: `${charts.appRps.toFixed(1)} vs ${charts.sqlRps.toFixed(1)} req/s`,
    ratio: charts.ratio,
    pass: charts.ratio >= 0.5,
  });
} finally {
  await app.close();
  await database.close();
}

const scale = await readingsScale();
rows.push({
  budget: `one metering point's year by day: flat from 1 M to 10 M readings (${scale.kind}, ≤ 1.5×)`,
  measured: `${scale.atOne.toFixed(1)} ms at ${(scale.oneMillionRows / 1e6).toFixed(1)} M, ${scale.atTen.toFixed(1)} ms at ${(scale.tenMillionRows / 1e6).toFixed(1)} M rows (loaded in ${scale.loadSeconds.toFixed(0)} s)`,
  ratio: scale.ratio,
  pass: scale.ratio <= 1.5,
});

console.table(rows.map((row) => ({ ...row, ratio: row.ratio.toFixed(2) })));
process.exitCode = rows.every((row) => row.pass) ? 0 : 1;

import { chromium, type Page } from '@playwright/test';
import type { ServerProcess } from './server-process.ts';

/** Longer than the short-lived site cache of a copy without a change channel (modules/sites/site-cache.ts, 5 s). */
const BETWEEN_LOADS_MS = 5_500;

/** Quiet network for this long after the cards' calls: the load is over. */
const QUIET_MS = 1_000;
const LOAD_TIMEOUT_MS = 120_000;

/**
 * Resolves once the page's cards have called (a request under /api/dashboard/) and the network has been quiet for
 * QUIET_MS. `networkidle` alone came before the dashboard's script had even been fetched on a busy machine: the
 * row then counted the page and its texts, not the cards (decision 118, 2026-12-02).
 */
function cardsSettled(page: Page): () => Promise<void> {
  let inFlight = 0;
  let lastActivity = Date.now();
  let cardsCalled = false;
  page.on('request', (request) => {
    inFlight += 1;
    lastActivity = Date.now();
    if (new URL(request.url()).pathname.startsWith('/api/dashboard/')) cardsCalled = true;
  });
  const finished = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  return async () => {
    const deadline = Date.now() + LOAD_TIMEOUT_MS;
    while (!(cardsCalled && inFlight === 0 && Date.now() - lastActivity >= QUIET_MS)) {
      if (Date.now() > deadline) throw new Error('the dashboard did not call its cards or did not settle within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
}

type RouteCounts = Map<string, { requests: number; statements: number }>;

/** Per route template, the requests this copy answered and the statements they sent: its metrics on the health port. */
async function routeCounts(healthOrigin: string): Promise<RouteCounts> {
  const text = await (await fetch(`${healthOrigin}/metrics`)).text();
  const counts: RouteCounts = new Map();
  for (const [, kind, route, value] of text.matchAll(/^portal_http_request_statements_(sum|count)\{route="([^"]*)"\} (\d+)$/gm)) {
    const entry = counts.get(route!) ?? { requests: 0, statements: 0 };
    entry[kind === 'sum' ? 'statements' : 'requests'] = Number(value);
    counts.set(route!, entry);
  }
  return counts;
}

export type LoadStatements = {
  /** Statements the load's requests sent, in all. */
  statements: number;
  /** The routes that sent any, the costliest first: `route ×requests: statements`. */
  routes: string[];
};

function loadOf(before: RouteCounts, after: RouteCounts): LoadStatements {
  const routes = [...after]
    .map(([route, { requests, statements }]) => {
      const earlier = before.get(route) ?? { requests: 0, statements: 0 };
      return { route, requests: requests - earlier.requests, statements: statements - earlier.statements };
    })
    .filter((entry) => entry.statements > 0)
    .sort((a, b) => b.statements - a.statements);
  return {
    statements: routes.reduce((sum, entry) => sum + entry.statements, 0),
    routes: routes.map((entry) => `${entry.route} ×${entry.requests}: ${entry.statements}`),
  };
}

/**
 * Database statements signed-in dashboard loads cost (issue 30), counted by the copy's own per-request statement metric
 * (`portal_http_request_statements`): the page, its API calls and whatever else the browser asks, each load in a new
 * Chromium context with nothing cached but the session cookie. Statements of jobs and of the start are no request's
 * and are not counted. The first of `loads` meets whatever the copy has not kept yet.
 */
export async function dashboardLoadStatements(
  server: Pick<ServerProcess, 'origin' | 'healthOrigin'>,
  cookie: string,
  loads: number,
): Promise<LoadStatements[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const measured: LoadStatements[] = [];
  try {
    for (let load = 0; load < loads; load++) {
      if (load > 0) await new Promise((resolve) => setTimeout(resolve, BETWEEN_LOADS_MS));
      const context = await browser.newContext();
      const url = `${server.origin}/dashboard`;
      const [name, value] = cookie.split('=') as [string, string];
      await context.addCookies([
        { name, value, url },
        { name: 'feedback-handled', value: new Date(Date.now() + 86_400_000).toISOString(), url },
      ]);
      const before = await routeCounts(server.healthOrigin);
      const page = await context.newPage();
      const settled = cardsSettled(page);
      // A first load after a start may wait for the copy's first renders: longer than Playwright's 30 s on a busy machine.
      await page.goto(url, { waitUntil: 'networkidle', timeout: LOAD_TIMEOUT_MS });
      await settled();
      measured.push(loadOf(before, await routeCounts(server.healthOrigin)));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return measured;
}

import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardCards } from '@portal/schema/dashboard';
import { buildContract, buildMeteringPoint, insertReadings } from '../../test-support/energy-factories.ts';
import { PEOPLE, sessionCookieFor } from '../../test-support/sessions.ts';
import { HOSTS, useTestApp } from '../../test-support/test-app.ts';

/** The calls the dashboard's cards make (apps/web's dashboard page), as its load fires them at once. */
const CARD_CALLS = [
  '/api/usage-points/me',
  '/api/dashboard/statistics/consumption',
  '/api/dashboard/yearly-consumption',
  '/api/dashboard/statistics/expenses',
  '/api/dashboard/statistics/spot',
  '/api/dashboard/invoices',
  '/api/dashboard/power-peaks',
  '/api/me/inbox',
];

/** The calls the dashboard's first view stands for, as the web asks them (decision 136: their kept answers are shared). */
const FIRST_VIEW_CALLS = {
  usagePoints: '/api/usage-points/me',
  consumption: '/api/dashboard/statistics/consumption?period=month',
  expenses: '/api/dashboard/statistics/expenses?period=year',
  yearlyConsumption: '/api/dashboard/yearly-consumption?years=3',
  powerPeaks: '/api/dashboard/power-peaks',
  spot: '/api/dashboard/statistics/spot',
  invoices: '/api/dashboard/invoices',
};

type TestApp = ReturnType<typeof useTestApp>;

/** Statements sent per route so far, by the copy's own metric. */
async function statementsByRoute(ctx: TestApp) {
  const { values } = await ctx.app.metrics.requestStatements.get();
  return new Map(
    values.filter((value) => value.metricName === 'portal_http_request_statements_sum').map((value) => [value.labels.route, value.value]),
  );
}

/** What `calls` cost, fired at once, per route. */
async function load(ctx: TestApp, cookie: string, calls: string[]): Promise<Record<string, number>> {
  const before = await statementsByRoute(ctx);
  const answers = await Promise.all(calls.map((url) => ctx.app.inject({ url, headers: { host: HOSTS.lumo, cookie } })));
  expect(answers.map((answer) => answer.statusCode)).toEqual(calls.map(() => 200));
  const after = await statementsByRoute(ctx);
  return Object.fromEntries([...after].map(([route, sum]) => [route, sum - (before.get(route) ?? 0)]).filter(([, sum]) => sum !== 0));
}

/** Aino on Lumo with an electricity point whose contract has a power charge, and three days of readings; her cookie. */
async function signedInWithCards(ctx: TestApp): Promise<string> {
  const db = ctx.database.db;
  const point = await buildMeteringPoint(db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
  // With a power charge, so the power peaks card has a contract and hours to read (decision 119).
  await buildContract(db, point, {
    components: [
      { kind: 'Base', priceCents: '7.49000' },
      { kind: 'Power', unit: 'c/kW', priceCents: '410.00000', thresholdKw: '8.000' },
    ],
  });
  await insertReadings(db, point.id, { from: new Date(Date.now() - 3 * 86_400_000), to: new Date() });
  const cookie = await sessionCookieFor(db, PEOPLE.aino, 'lumo');
  await ctx.app.customerAnswers.caughtUp();
  // The page of a load resolves the site, its host and the session before the cards call: those are kept then.
  expect((await ctx.app.inject({ url: '/api/me', headers: { host: HOSTS.lumo, cookie } })).statusCode).toBe(200);
  return cookie;
}

/**
 * Issue 30 (decision 118): a dashboard load's statements, as the copy's own per-request metric counts them
 * (`portal_http_request_statements`). The cards' calls come at once, each a request of its own: the customer's metering
 * points and the VAT rates they all start from are read once for all of them, and a kept read is not read again.
 */
describe("a dashboard load's statements per call", () => {
  const ctx = useTestApp();
  let aino = '';

  beforeAll(async () => {
    aino = await signedInWithCards(ctx);
  });

  it('reads the metering points and the VAT rates once for all the cards of a load, and the inbox in one statement', async () => {
    const first = await load(ctx, aino, CARD_CALLS);
    // Each card computed: its own statements, and one read of the points and one of the rates among all of them.
    // Points 1, rates 1; consumption 1 (this month, the same month a year back and where this month's readings end,
    // for every utility at once: decision 135), yearly 1, expenses 1 (the priced contracts with their prices and the
    // billed days of both years), spot 1 (the VAT key is the site's country and the actor's customer type), invoices 1
    // (the latest, the next due and the totals), power peaks 1 (the contracts with a charge and their peak hours),
    // inbox 1. Each read apart, as before decision 135, the same load was 15; read by each card, the points and rates
    // were 11 statements more, and the inbox's unread count one more.
    expect(Object.values(first).reduce((sum, count) => sum + count, 0)).toBe(9);
    // Those that share no read with another card: one statement each.
    expect(first['/api/dashboard/invoices']).toBe(1);
    expect(first['/api/dashboard/power-peaks']).toBe(1);
    expect(first['/api/me/inbox']).toBe(1);

    // The cards' answers kept (decision 082), the points kept too: a second load reads only the inbox, never kept.
    expect(await load(ctx, aino, CARD_CALLS)).toEqual({ '/api/me/inbox': 1 });
  });

  it('reads the points again once the database says they changed', async () => {
    const points = async () => (await ctx.app.inject({ url: '/api/usage-points/me', headers: { host: HOSTS.lumo, cookie: aino } })).json();
    expect(await points()).toHaveLength(1);
    expect(await load(ctx, aino, ['/api/usage-points/me'])).toEqual({});
    await buildMeteringPoint(ctx.database.db, { siteId: 'lumo', clientCode: 'LUMO-100001' });
    await ctx.app.customerAnswers.caughtUp();
    expect(await load(ctx, aino, ['/api/usage-points/me'])).toEqual({ '/api/usage-points/me': 1 });
    expect(await points()).toHaveLength(2);
  });
});

/**
 * Issue 30 (decision 136): the dashboard's first view in one call. Its cards are computed side by side and each turn's
 * reads go as one statement: the points, the power peaks and the invoices first, then every card that started from the
 * points. Each card's answer is kept as its own call keeps it.
 */
describe("the dashboard's first view in one call", () => {
  const ctx = useTestApp();
  let aino = '';

  beforeAll(async () => {
    aino = await signedInWithCards(ctx);
  });

  it("computes every card in two statements, then answers each card's own call from what it kept, the same", async () => {
    expect(await load(ctx, aino, ['/api/dashboard/cards'])).toEqual({ '/api/dashboard/cards': 2 });
    // Each card's own call, as the cards refresh: kept, no statement (the usage points are the kept points).
    expect(await load(ctx, aino, Object.values(FIRST_VIEW_CALLS))).toEqual({});
    const get = async (url: string) => (await ctx.app.inject({ url, headers: { host: HOSTS.lumo, cookie: aino } })).json<unknown>();
    const cards = dashboardCards.parse(await get('/api/dashboard/cards'));
    for (const [part, url] of Object.entries(FIRST_VIEW_CALLS)) expect(cards[part as keyof typeof cards], part).toEqual(await get(url));
    // Her own data, not the shape alone: the power charge's threshold, the spot card for an electricity customer.
    expect(cards.powerPeaks.peaks).toEqual([expect.objectContaining({ thresholdKw: '8.000' })]);
    expect(cards.spot).not.toBeNull();
    expect(cards.consumption.utilities.map((utility) => utility.utility)).toEqual(['electricity']);
    expect(await load(ctx, aino, ['/api/dashboard/cards'])).toEqual({});
  });
});

import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DashboardCards } from '@portal/schema/dashboard';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { buildUsagePoint } from '../../test/energy-factories.ts';
import { buildSite } from '../../test/test-site.ts';
import { startDashboardQueries } from './start-dashboard-queries.ts';

const consumption = {
  period: 'month',
  from: '2026-11-01',
  to: '2026-11-30',
  resolution: 'day',
  timezone: 'Europe/Helsinki',
  utilities: [],
};
const expenses = {
  period: 'year',
  from: '2026-01-01',
  to: '2026-12-31',
  currency: 'EUR',
  totalCents: 1234,
  comparisonTotalCents: null,
  months: [],
  byUtility: [],
};
const yearly = { timezone: 'Europe/Helsinki', utilities: [] };
const peaks = { timezone: 'Europe/Helsinki', month: '2026-11', peaks: [] };
const invoices = { unpaidCount: 1, unpaidTotalCents: 4200, overdueCount: 0, nextDue: null, latest: [] };
const spot = { biddingZone: 'FI', timezone: 'Europe/Helsinki', current: null, today: null, tomorrow: null };
const cards = {
  usagePoints: [buildUsagePoint()],
  consumption,
  expenses,
  yearlyConsumption: yearly,
  powerPeaks: peaks,
  spot,
  invoices,
} as unknown as DashboardCards;

/** Each card's own call, as the cards refresh through them. */
const OWN_CALLS = {
  'GET /api/usage-points/me': cards.usagePoints,
  'GET /api/dashboard/statistics/consumption': consumption,
  'GET /api/dashboard/statistics/expenses': expenses,
  'GET /api/dashboard/yearly-consumption': yearly,
  'GET /api/dashboard/power-peaks': peaks,
  'GET /api/dashboard/statistics/spot': spot,
  'GET /api/dashboard/invoices': invoices,
};

const site = buildSite({ features: ['CHART_SPOT_PRICE', 'INVOICES'] });
const newClient = () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });

/** What the cards' own queries hold once the started fetches are done. */
async function cardData(queryClient: QueryClient) {
  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
  return {
    usagePoints: queryClient.getQueryData(queryKeys.usagePoints.mine()),
    consumption: queryClient.getQueryData(queryKeys.dashboard.statistics('consumption', 'month')),
    expenses: queryClient.getQueryData(queryKeys.dashboard.expenses('year')),
    yearlyConsumption: queryClient.getQueryData(queryKeys.dashboard.yearlyConsumption(3)),
    powerPeaks: queryClient.getQueryData(queryKeys.dashboard.powerPeaks()),
    spot: queryClient.getQueryData(queryKeys.dashboard.spot()),
    invoices: queryClient.getQueryData(queryKeys.invoices.dashboard()),
  };
}

describe("the dashboard's first view (decision 136)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("comes in one call that fills each card's own query", async () => {
    const fetchMock = stubApi({ ...OWN_CALLS, 'GET /api/dashboard/cards': cards });
    const queryClient = newClient();
    startDashboardQueries(queryClient, site);
    expect(await cardData(queryClient)).toEqual(cards);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(callsTo(fetchMock, 'GET', '/api/dashboard/cards')).toHaveLength(1);
  });

  it("leaves out the cards the site does not show: no invoices' query without invoices", async () => {
    stubApi({ 'GET /api/dashboard/cards': { ...cards, spot: null, invoices: null } });
    const queryClient = newClient();
    startDashboardQueries(queryClient, buildSite({ features: [] }));
    const data = await cardData(queryClient);
    expect(data.spot).toBeUndefined();
    expect(data.invoices).toBeUndefined();
    expect(data.expenses).toEqual(expenses);
  });

  it('falls back on each card’s own call when the one call fails', async () => {
    const failed = () => new Response(JSON.stringify({ name: 'InternalServerError', statusCode: 500 }), { status: 500 });
    const fetchMock = stubApi({ ...OWN_CALLS, 'GET /api/dashboard/cards': failed });
    const queryClient = newClient();
    startDashboardQueries(queryClient, site);
    const data = await cardData(queryClient);
    expect(data).toMatchObject({ consumption, expenses, yearlyConsumption: yearly, powerPeaks: peaks, invoices });
    for (const call of Object.keys(OWN_CALLS).filter((call) => !call.endsWith('/spot'))) {
      expect(callsTo(fetchMock, 'GET', call.slice(4)), call).toHaveLength(1);
    }
  });

  it('asks nothing again while every card still holds its answer', async () => {
    stubApi({ 'GET /api/dashboard/cards': cards });
    const queryClient = newClient();
    startDashboardQueries(queryClient, site);
    await cardData(queryClient);
    const fetchMock = stubApi({ ...OWN_CALLS, 'GET /api/dashboard/cards': cards });
    startDashboardQueries(queryClient, site);
    await cardData(queryClient);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

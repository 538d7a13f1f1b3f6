import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Expenses, SpotStatistics } from '@portal/schema/energy';
import { callsTo, stubApi } from '../../test/api-stub.ts';
import { buildUsagePoint } from '../../test/energy-factories.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { buildSite } from '../../test/test-site.ts';
import { DashboardPage } from './dashboard-page.tsx';
import { ExpensesCard } from './expenses-card.tsx';
import { LatestInvoicesCard } from './latest-invoices-card.tsx';
import { SpotPriceCard } from './spot-price-card.tsx';

vi.mock('../../shared/ui/echart/echart-canvas.tsx', () => ({
  default: ({ ariaLabel }: { ariaLabel: string }) => <div role="img" aria-label={ariaLabel} />,
}));

const spot: SpotStatistics = {
  biddingZone: 'FI',
  timezone: 'Europe/Helsinki',
  current: { startsAt: '2026-11-22T13:00:00.000Z', centsPerKwh: 10 },
  today: {
    date: '2026-11-22',
    vatPermille: 255,
    prices: [{ startsAt: '2026-11-22T13:00:00.000Z', centsPerKwh: 10 }],
    hourly: [{ startsAt: '2026-11-22T13:00:00.000Z', centsPerKwh: 10 }],
    minimum: 2,
    maximum: 20,
    average: 8,
  },
  tomorrow: null,
};

describe('dashboard cards', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the spot price now with VAT, and says when tomorrow's prices come out", async () => {
    stubApi({ 'GET /api/dashboard/statistics/spot': spot });
    await renderWithProviders(<SpotPriceCard />);
    expect(await screen.findByTestId('spot-now')).toHaveTextContent('12.55 c/kWh');
    expect(screen.getByText('2.51 c/kWh')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /Spot prices in area FI on 22\.11\.2026/ }, { timeout: 5_000 })).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Tomorrow'));
    expect(screen.getByText("Tomorrow's prices are not out yet")).toBeInTheDocument();
  });

  it('shows each day’s prices with the VAT in force that day', async () => {
    // Tomorrow at a new rate: 10 c/kWh is 12.40 c today at 24 % and 12.55 c tomorrow at 25.5 %.
    const changing: SpotStatistics = {
      ...spot,
      today: { ...spot.today!, vatPermille: 240 },
      tomorrow: { ...spot.today!, date: '2026-11-23', vatPermille: 255 },
    };
    stubApi({ 'GET /api/dashboard/statistics/spot': changing });
    await renderWithProviders(<SpotPriceCard />);
    expect(await screen.findByTestId('spot-now')).toHaveTextContent('12.40 c/kWh');
    expect(screen.getByText(/VAT 24 % included/)).toBeInTheDocument();
    expect(screen.getByText('9.92 c/kWh')).toBeInTheDocument(); // the day's average, 8 c/kWh
    await userEvent.click(screen.getByLabelText('Tomorrow'));
    expect(screen.getByText(/VAT 25.5 % included/)).toBeInTheDocument();
    expect(screen.getByText('10.04 c/kWh')).toBeInTheDocument();
  });

  it("writes the price in the unit of the reader's language, as signing and the PDFs do", async () => {
    stubApi({ 'GET /api/dashboard/statistics/spot': spot });
    await renderWithProviders(<SpotPriceCard />, { locale: 'fi-FI' });
    expect(await screen.findByTestId('spot-now')).toHaveTextContent('12,55 snt/kWh');
  });

  it('sums expenses in euros from integer cents and compares with last year', async () => {
    const expenses: Expenses = {
      period: 'year',
      from: '2026-01-01',
      to: '2026-12-31',
      currency: 'EUR',
      totalCents: 123_456,
      comparisonTotalCents: 100_000,
      months: [
        { month: '2026-01', kwh: 100, energyCents: 100_000, feesCents: 456, totalCents: 100_456 },
        { month: '2026-02', kwh: 50, energyCents: 23_000, feesCents: 0, totalCents: 23_000 },
      ],
      byUtility: [{ utility: 'electricity', totalCents: 123_456 }],
    };
    stubApi({ 'GET /api/dashboard/statistics/expenses': expenses });
    await renderWithProviders(<ExpensesCard />);
    expect(await screen.findByTestId('expenses-total')).toHaveTextContent('€1,234.56');
    expect(screen.getByText('Same time last year €1,000.00 (+23 %)')).toBeInTheDocument();
    expect(screen.getByText('€1,004.56')).toBeInTheDocument();
  });

  it('shows the empty invoices block when the invoices call answers 404, without an error notification', async () => {
    stubApi({});
    await renderWithProviders(<LatestInvoicesCard />);
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the quick actions and shows skeletons, then empty states, when there is no energy data', async () => {
    stubApi({
      'GET /api/dashboard/statistics/consumption': {
        period: 'month',
        from: '2026-11-01',
        to: '2026-11-30',
        resolution: 'day',
        timezone: 'Europe/Helsinki',
        utilities: [],
      },
      'GET /api/dashboard/statistics/spot': { ...spot, current: null, today: null },
      'GET /api/dashboard/statistics/expenses': {
        period: 'year',
        from: '2026-01-01',
        to: '2026-12-31',
        currency: 'EUR',
        totalCents: 0,
        comparisonTotalCents: null,
        months: [],
        byUtility: [],
      },
      'GET /api/dashboard/yearly-consumption': { timezone: 'Europe/Helsinki', utilities: [] },
      'GET /api/dashboard/invoices': { unpaidCount: 0, unpaidTotalCents: 0, overdueCount: 0, nextDue: null, latest: [] },
      'GET /api/usage-points/me': [buildUsagePoint()],
    });
    await renderWithProviders(<DashboardPage />, { site: buildSite({ features: ['CHART_SPOT_PRICE', 'INVOICES'] }), path: '/dashboard' });
    expect(screen.getByRole('heading', { name: 'Quick actions' })).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-skeleton')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'No data for this period' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(await screen.findByText('No prices for today yet')).toBeInTheDocument();
    expect(screen.getByText('No expenses yet')).toBeInTheDocument();
    expect(screen.getByText('No consumption recorded yet')).toBeInTheDocument();
    expect(screen.getByText('No invoices yet')).toBeInTheDocument();
  });

  it('shows no spot-price card to a customer without electricity, and does not ask for the prices', async () => {
    const fetchMock = stubApi({
      'GET /api/usage-points/me': [buildUsagePoint({ utility: 'heating', gsrn: '47XDS0000000123K', hasProduction: false })],
      'GET /api/dashboard/statistics/spot': spot,
    });
    await renderWithProviders(<DashboardPage />, { site: buildSite({ features: ['CHART_SPOT_PRICE'] }), path: '/dashboard' });
    expect(await screen.findByRole('region', { name: 'Expenses' }, { timeout: 5_000 })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/usage-points/me')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Spot price' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/dashboard/statistics/spot')).toHaveLength(0);
  });

  it('keeps the skeletons until the metering points answer, so the spot-price card never jumps in', async () => {
    let answerPoints: (points: unknown) => void = () => {};
    const fetchMock = stubApi({
      'GET /api/usage-points/me': () => new Promise((resolve) => (answerPoints = resolve)),
      'GET /api/dashboard/statistics/spot': spot,
    });
    await import('./energy-overview.tsx');
    await renderWithProviders(<DashboardPage />, { site: buildSite({ features: ['CHART_SPOT_PRICE'] }), path: '/dashboard' });
    expect(screen.getByRole('heading', { name: 'Quick actions' })).toBeInTheDocument();
    // The cards' part is on the page (it asks for the points) and waits for them.
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/usage-points/me')).toHaveLength(1));
    expect(screen.getByTestId('dashboard-skeleton')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Expenses' })).not.toBeInTheDocument();
    answerPoints([buildUsagePoint()]);
    expect(await screen.findByRole('region', { name: 'Spot price' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Expenses' })).toBeInTheDocument();
  });

  it('shows the spot-price card to a customer with electricity on a site with the feature', async () => {
    stubApi({ 'GET /api/usage-points/me': [buildUsagePoint()], 'GET /api/dashboard/statistics/spot': spot });
    await renderWithProviders(<DashboardPage />, { site: buildSite({ features: ['CHART_SPOT_PRICE'] }), path: '/dashboard' });
    expect(await screen.findByRole('region', { name: 'Spot price' }, { timeout: 5_000 })).toBeInTheDocument();
  });

  it("shows the month's power peak where a contract has a power charge, and no card elsewhere (decision 119)", async () => {
    const peak = {
      meteringPointId: 'mp-kallio-aino-el',
      gsrn: '643001100000543212',
      // The second 03:00 of 25 October 2026 in Helsinki, after the clocks went back.
      startsAt: '2026-10-25T01:00:00.000Z',
      kw: '9.600',
      thresholdKw: '8.000',
      chargedKw: '1.600',
    };
    stubApi({
      'GET /api/usage-points/me': [buildUsagePoint()],
      'GET /api/dashboard/power-peaks': { timezone: 'Europe/Helsinki', month: '2026-10', peaks: [peak] },
    });
    const { unmount } = await renderWithProviders(<DashboardPage />, { site: buildSite(), path: '/dashboard' });
    const card = await screen.findByRole('region', { name: 'Power peak this month' }, { timeout: 5_000 });
    expect(within(card).getByText('9.6 kW')).toBeInTheDocument();
    expect(within(card).getByText('Highest hour 25.10.2026 03:00–04:00')).toBeInTheDocument();
    expect(within(card).getByText('Power charge on 1.6 kW above the 8 kW threshold')).toBeInTheDocument();
    unmount();

    stubApi({
      'GET /api/usage-points/me': [buildUsagePoint()],
      'GET /api/dashboard/power-peaks': {
        timezone: 'Europe/Helsinki',
        month: '2026-10',
        peaks: [{ ...peak, kw: '6.250', chargedKw: '0.000' }],
      },
    });
    await renderWithProviders(<DashboardPage />, { site: buildSite(), path: '/dashboard' });
    const under = await screen.findByRole('region', { name: 'Power peak this month' }, { timeout: 5_000 });
    expect(within(under).getByText('Under the 8 kW threshold: no power charge')).toBeInTheDocument();
  });

  it('shows no power-peak card to a customer without a power charge', async () => {
    stubApi({
      'GET /api/usage-points/me': [buildUsagePoint()],
      'GET /api/dashboard/power-peaks': { timezone: 'Europe/Helsinki', month: '2026-10', peaks: [] },
    });
    await renderWithProviders(<DashboardPage />, { site: buildSite(), path: '/dashboard' });
    expect(await screen.findByRole('region', { name: 'Expenses' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Power peak this month' })).toBeNull();
  });
});

import { queryOptions } from '@tanstack/react-query';
import type { EnergyStatistics, Expenses, SpotStatistics, YearlyConsumption } from '@portal/schema/energy';
import type { DashboardInvoices } from '@portal/schema/invoices';
import { api } from '../../shared/api/api-client.ts';
import { ApiError } from '../../shared/api/api-error.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** The dashboard's calls (spec §7), one query each, cached by TanStack Query for the page's visits. */
export const consumptionStatisticsQueryOptions = (period: 'month' | 'year') =>
  queryOptions({
    queryKey: queryKeys.dashboard.statistics('consumption', period),
    queryFn: ({ signal }) => api<EnergyStatistics>('/api/dashboard/statistics/consumption', { query: { period }, signal }),
  });

export const spotStatisticsQueryOptions = queryOptions({
  queryKey: queryKeys.dashboard.spot(),
  queryFn: ({ signal }) => api<SpotStatistics>('/api/dashboard/statistics/spot', { signal }),
  // The current 15-minute price moves on; refresh when it may have.
  refetchInterval: 5 * 60_000,
});

export const expensesQueryOptions = queryOptions({
  queryKey: queryKeys.dashboard.expenses('year'),
  queryFn: ({ signal }) => api<Expenses>('/api/dashboard/statistics/expenses', { query: { period: 'year' }, signal }),
});

const YEARS_SHOWN = 3;
export const yearlyConsumptionQueryOptions = queryOptions({
  queryKey: queryKeys.dashboard.yearlyConsumption(YEARS_SHOWN),
  queryFn: ({ signal }) => api<YearlyConsumption>('/api/dashboard/yearly-consumption', { query: { years: YEARS_SHOWN }, signal }),
});

/** GET /api/dashboard/invoices; a site without invoices yet answers 404, which the card shows as empty, not as an error. */
export const dashboardInvoicesQueryOptions = queryOptions({
  queryKey: queryKeys.invoices.dashboard(),
  queryFn: async ({ signal }) => {
    try {
      return await api<DashboardInvoices>('/api/dashboard/invoices', { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
});

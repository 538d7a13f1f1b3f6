import { queryOptions } from '@tanstack/react-query';
import type { EnergyStatistics, Expenses, SpotStatistics, YearlyConsumption } from '@portal/schema/energy';
import { DASHBOARD_FIRST_VIEW } from '@portal/schema/dashboard-view';
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

const { expensesPeriod, years } = DASHBOARD_FIRST_VIEW;
export const expensesQueryOptions = queryOptions({
  queryKey: queryKeys.dashboard.expenses(expensesPeriod),
  queryFn: ({ signal }) => api<Expenses>('/api/dashboard/statistics/expenses', { query: { period: expensesPeriod }, signal }),
});

export const yearlyConsumptionQueryOptions = queryOptions({
  queryKey: queryKeys.dashboard.yearlyConsumption(years),
  queryFn: ({ signal }) => api<YearlyConsumption>('/api/dashboard/yearly-consumption', { query: { years }, signal }),
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

import type { QueryClient } from '@tanstack/react-query';
import {
  consumptionStatisticsQueryOptions,
  dashboardInvoicesQueryOptions,
  expensesQueryOptions,
  spotStatisticsQueryOptions,
  yearlyConsumptionQueryOptions,
} from './dashboard-queries.ts';

/** Fires the dashboard's calls without waiting for them (errors surface in the cards' own queries). */
export function prefetchDashboard(queryClient: QueryClient): void {
  for (const options of [consumptionStatisticsQueryOptions('month'), spotStatisticsQueryOptions, expensesQueryOptions, yearlyConsumptionQueryOptions, dashboardInvoicesQueryOptions]) {
    void queryClient.prefetchQuery(options as Parameters<QueryClient['prefetchQuery']>[0]);
  }
}

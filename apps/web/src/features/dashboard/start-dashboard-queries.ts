import type { QueryClient } from '@tanstack/react-query';
import type { SiteBootstrap } from '@portal/schema/site';
import { startQuery } from '../../shared/api/start-query.ts';
import { usagePointsQueryOptions } from '../../shared/energy/usage-points.ts';
import {
  consumptionStatisticsQueryOptions,
  dashboardInvoicesQueryOptions,
  expensesQueryOptions,
  spotStatisticsQueryOptions,
  yearlyConsumptionQueryOptions,
} from './dashboard-queries.ts';
import { showsSpotPrice } from './dashboard-cards.ts';

/**
 * Starts the dashboard's calls with the navigation. It waits only for the customer's metering points, which
 * decide whether a spot-price card belongs on the page at all, so the cards never jump in or out after paint.
 */
export async function startDashboardQueries(queryClient: QueryClient, site: SiteBootstrap): Promise<void> {
  startQuery(queryClient, consumptionStatisticsQueryOptions('month'));
  startQuery(queryClient, expensesQueryOptions);
  startQuery(queryClient, yearlyConsumptionQueryOptions);
  if (site.features.includes('INVOICES')) startQuery(queryClient, dashboardInvoicesQueryOptions);
  const points = await queryClient.ensureQueryData(usagePointsQueryOptions).catch(() => []);
  if (showsSpotPrice(site, points)) startQuery(queryClient, spotStatisticsQueryOptions);
}

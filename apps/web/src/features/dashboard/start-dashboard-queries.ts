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
 * Starts the dashboard's calls with the navigation, and never holds the page: its title and quick actions paint
 * while the calls are on their way (issue 15's LCP waited for the metering points before). The spot prices are
 * asked for once the points show the card belongs (energy-overview.tsx waits for them too).
 */
export function startDashboardQueries(queryClient: QueryClient, site: SiteBootstrap): void {
  startQuery(queryClient, consumptionStatisticsQueryOptions('month'));
  startQuery(queryClient, expensesQueryOptions);
  startQuery(queryClient, yearlyConsumptionQueryOptions);
  if (site.features.includes('INVOICES')) startQuery(queryClient, dashboardInvoicesQueryOptions);
  queryClient.ensureQueryData(usagePointsQueryOptions).then(
    (points) => {
      if (showsSpotPrice(site, points)) startQuery(queryClient, spotStatisticsQueryOptions);
    },
    () => undefined,
  );
}

import type { QueryClient, QueryFunction, QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import type { DashboardCards } from '@portal/schema/dashboard';
import { DASHBOARD_FIRST_VIEW, showsSpotPrice } from '@portal/schema/dashboard-view';
import type { SiteBootstrap } from '@portal/schema/site';
import { api } from '../../shared/api/api-client.ts';
import { startQuery } from '../../shared/api/start-query.ts';
import { powerPeaksQueryOptions } from '../../shared/energy/power-peaks.ts';
import { usagePointsQueryOptions } from '../../shared/energy/usage-points.ts';
import {
  consumptionStatisticsQueryOptions,
  dashboardInvoicesQueryOptions,
  expensesQueryOptions,
  spotStatisticsQueryOptions,
  yearlyConsumptionQueryOptions,
} from './dashboard-queries.ts';

type CardQuery<TData, TKey extends QueryKey> = { queryKey: TKey; queryFn?: QueryFunction<TData, TKey> | symbol };

/**
 * Starts the dashboard's first view with the navigation, and never holds the page: its title and quick actions paint
 * while the data is on its way (issue 15's LCP waited for the metering points before). When a card has nothing yet,
 * the cards come in one call (GET /api/dashboard/cards, decision 136) that fills each card's own query; the cards
 * refresh through their own calls, and fall back on them if that call fails. The spot prices are shown only once the
 * points show the card belongs (energy-overview.tsx waits for them).
 */
export function startDashboardQueries(queryClient: QueryClient, site: SiteBootstrap): void {
  const invoices = site.features.includes('INVOICES');
  const firstView = [
    usagePointsQueryOptions,
    consumptionStatisticsQueryOptions(DASHBOARD_FIRST_VIEW.consumptionPeriod),
    expensesQueryOptions,
    yearlyConsumptionQueryOptions,
    powerPeaksQueryOptions(),
    ...(invoices ? [dashboardInvoicesQueryOptions] : []),
  ];
  if (firstView.every((options) => queryClient.getQueryData(options.queryKey) !== undefined)) {
    for (const options of firstView) startQuery(queryClient, options as Parameters<typeof startQuery>[1]);
    const points = queryClient.getQueryData(usagePointsQueryOptions.queryKey) ?? [];
    if (showsSpotPrice(site, points)) startQuery(queryClient, spotStatisticsQueryOptions);
    return;
  }
  // Asked by the first card's query that runs, not here: a query that may not run now (the server's render, offline)
  // asks nothing.
  let cards: Promise<DashboardCards> | undefined;
  const askCards = () => {
    if (cards) return cards;
    cards = api<DashboardCards>('/api/dashboard/cards');
    // Set before the points are, so the spot card finds its prices when the points show it.
    cards.then(
      (answer) => {
        if (answer.spot) queryClient.setQueryData(spotStatisticsQueryOptions.queryKey, answer.spot);
      },
      () => undefined,
    );
    return cards;
  };
  const fromCards = <TData, TKey extends QueryKey>(options: CardQuery<TData, TKey>, part: (answer: DashboardCards) => TData) =>
    startQuery(queryClient, {
      queryKey: options.queryKey,
      queryFn: (context: QueryFunctionContext<TKey>) =>
        askCards().then<TData, TData>(part, () => (options.queryFn as QueryFunction<TData, TKey>)(context)),
    });
  fromCards(usagePointsQueryOptions, (answer) => answer.usagePoints);
  fromCards(consumptionStatisticsQueryOptions(DASHBOARD_FIRST_VIEW.consumptionPeriod), (answer) => answer.consumption);
  fromCards(expensesQueryOptions, (answer) => answer.expenses);
  fromCards(yearlyConsumptionQueryOptions, (answer) => answer.yearlyConsumption);
  fromCards(powerPeaksQueryOptions(), (answer) => answer.powerPeaks);
  if (invoices) fromCards(dashboardInvoicesQueryOptions, (answer) => answer.invoices);
}

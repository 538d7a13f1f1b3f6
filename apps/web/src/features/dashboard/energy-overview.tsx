import { Grid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { usagePointsQueryOptions } from '../../shared/energy/usage-points.ts';
import { useHydrated } from '../../shared/hooks/use-hydrated.ts';
import { useFeature, useSite } from '../../shared/site/site-context.tsx';
import { showsSpotPrice } from '@portal/schema/dashboard-view';
import { DashboardChart } from './dashboard-chart.tsx';
import { ExpensesCard } from './expenses-card.tsx';
import { LatestInvoicesCard } from './latest-invoices-card.tsx';
import { OverviewSkeleton } from './overview-skeleton.tsx';
import { PowerPeakCard, usePowerPeaks } from './power-peak-card.tsx';
import { SpotPriceCard } from './spot-price-card.tsx';
import { YearlyConsumptionCard } from './yearly-consumption-card.tsx';

/**
 * The dashboard's data cards: chart, spot price, the month's power peak, expenses, yearly consumption and latest
 * invoices. The customer's metering points decide whether the spot-price card belongs, and their contracts whether
 * the power-peak card does (decision 119), so the cards wait for both (an unanswered call counts as none) and never
 * jump in or out after paint.
 */
export default function EnergyOverview() {
  const site = useSite();
  const points = useQuery(usagePointsQueryOptions);
  const peaks = usePowerPeaks();
  const invoices = useFeature('INVOICES');
  // This part's code loads after the page was taken over, often after the points: it takes over the skeleton first.
  const hydrated = useHydrated();
  if (points.isPending || peaks.isPending || !hydrated) return <OverviewSkeleton />;
  const spotPrice = showsSpotPrice(site, points.data ?? []);
  const powerPeaks = peaks.data && peaks.data.peaks.length > 0 ? peaks.data : null;
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: spotPrice ? 8 : 12 }}>
        <DashboardChart />
      </Grid.Col>
      {spotPrice && (
        <Grid.Col span={{ base: 12, md: 4 }}>
          <SpotPriceCard />
        </Grid.Col>
      )}
      {powerPeaks && (
        <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
          <PowerPeakCard peaks={powerPeaks} />
        </Grid.Col>
      )}
      <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
        <ExpensesCard />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, md: 4 }}>
        <YearlyConsumptionCard />
      </Grid.Col>
      {invoices && (
        <Grid.Col span={{ base: 12, md: 4 }}>
          <LatestInvoicesCard />
        </Grid.Col>
      )}
    </Grid>
  );
}

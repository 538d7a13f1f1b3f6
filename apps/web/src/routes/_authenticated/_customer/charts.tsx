import { createFileRoute } from '@tanstack/react-router';
import { ChartsPage } from '../../../features/charts/charts-page.tsx';
import { validateChartSearch, type ChartSearch } from '../../../features/charts/chart-search-params.ts';
import { startQuery } from '../../../shared/api/start-query.ts';
import { usagePointsQueryOptions } from '../../../shared/energy/usage-points.ts';

export const Route = createFileRoute('/_authenticated/_customer/charts')({
  validateSearch: (search: Record<string, unknown>): ChartSearch => validateChartSearch(search),
  loader: ({ context }) => startQuery(context.queryClient, usagePointsQueryOptions),
  component: ChartsRoute,
});

function ChartsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ChartsPage
      search={search}
      onSearchChange={(patch) => void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true })}
    />
  );
}

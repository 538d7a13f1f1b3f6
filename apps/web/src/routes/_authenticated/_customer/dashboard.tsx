import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../../features/dashboard/dashboard-page.tsx';
import { startDashboardQueries } from '../../../features/dashboard/start-dashboard-queries.ts';

export const Route = createFileRoute('/_authenticated/_customer/dashboard')({
  // Starts the cards' calls with the navigation, not after their code has loaded; never blocks the page.
  loader: ({ context }) => startDashboardQueries(context.queryClient, context.site),
  component: DashboardPage,
});

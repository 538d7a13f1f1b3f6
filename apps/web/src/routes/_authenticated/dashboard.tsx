import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../features/dashboard/dashboard-page.tsx';
import { prefetchDashboard } from '../../features/dashboard/dashboard-prefetch.ts';

export const Route = createFileRoute('/_authenticated/dashboard')({
  // Starts the cards' calls with the navigation, not after their code has loaded; never blocks the page.
  loader: ({ context }) => prefetchDashboard(context.queryClient),
  component: DashboardPage,
});

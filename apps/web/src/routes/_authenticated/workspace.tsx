import { createFileRoute, redirect } from '@tanstack/react-router';
import { siteDomainsQueryOptions, siteLocalesQueryOptions } from '../../features/workspace/site-admin-queries.ts';
import { WorkspacePage } from '../../features/workspace/workspace-page.tsx';
import { startQuery } from '../../shared/api/start-query.ts';
import { actorInfoQueryOptions } from '../../shared/auth/actor-info.ts';

/** The landing of staff and of people who act for no customer; a customer's own landing is the dashboard. */
export const Route = createFileRoute('/_authenticated/workspace')({
  beforeLoad: async ({ context }) => {
    const info = await context.queryClient.ensureQueryData(actorInfoQueryOptions);
    if (info.customer && info.staffRoles.length === 0) throw redirect({ to: '/dashboard', replace: true });
    return { info };
  },
  loader: ({ context }) => {
    if (!context.info.staffRoles.includes('site-admin')) return;
    startQuery(context.queryClient, siteLocalesQueryOptions(context.site.id));
    startQuery(context.queryClient, siteDomainsQueryOptions(context.site.id));
  },
  component: WorkspacePage,
});

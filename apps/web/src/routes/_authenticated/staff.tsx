import { createFileRoute, redirect } from '@tanstack/react-router';
import { recentCustomersQueryOptions } from '../../features/staff/staff-queries.ts';
import { StaffPage } from '../../features/staff/staff-page.tsx';
import { parseStaffSearch } from '../../features/staff/staff-search.ts';
import { startQuery } from '../../shared/api/start-query.ts';
import { actorInfoQueryOptions } from '../../shared/auth/actor-info.ts';
import { landingPathFor } from '../../shared/auth/landing.ts';

/** Customer service's workspace; anyone else goes to their own landing (docs/decisions/078). */
export const Route = createFileRoute('/_authenticated/staff')({
  validateSearch: parseStaffSearch,
  beforeLoad: async ({ context }) => {
    const info = await context.queryClient.ensureQueryData(actorInfoQueryOptions);
    if (!info.staffRoles.includes('customer-service')) throw redirect({ href: landingPathFor(info), replace: true });
  },
  loader: ({ context }) => startQuery(context.queryClient, recentCustomersQueryOptions),
  component: function StaffRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <StaffPage search={search} onSearchChange={(next) => void navigate({ search: next })} />;
  },
});

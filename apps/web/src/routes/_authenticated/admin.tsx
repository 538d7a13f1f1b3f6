import { createFileRoute, redirect } from '@tanstack/react-router';
import { AdminLayout } from '../../features/admin/admin-layout.tsx';
import { actorInfoQueryOptions } from '../../shared/auth/actor-info.ts';
import { landingPathFor } from '../../shared/auth/landing.ts';

/**
 * The admin area: site administrators of this site only (the server answers 403 to anyone else, decision 009). It is
 * no customer's page, so nothing of a customer's data is asked for and no NO_CUSTOMER refusal can appear here.
 */
export const Route = createFileRoute('/_authenticated/admin')({
  beforeLoad: async ({ context }) => {
    const info = await context.queryClient.ensureQueryData(actorInfoQueryOptions);
    if (!info.staffRoles.includes('site-admin')) throw redirect({ href: landingPathFor(info), replace: true });
  },
  component: AdminLayout,
});

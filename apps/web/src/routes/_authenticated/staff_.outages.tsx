import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { pageOffered } from '@portal/schema/pages';
import { StaffOutagesPage } from '../../features/outages/staff-outages-page.tsx';
import { actorInfoQueryOptions } from '../../shared/auth/actor-info.ts';
import { landingPathFor } from '../../shared/auth/landing.ts';

/** The planned outages a network operator's staff publish, on sites that show outages (docs/decisions/126). */
export const Route = createFileRoute('/_authenticated/staff_/outages')({
  beforeLoad: async ({ context }) => {
    if (!pageOffered('/staff/outages', context.site.features)) throw notFound();
    const info = await context.queryClient.ensureQueryData(actorInfoQueryOptions);
    if (!info.staffRoles.includes('customer-service')) throw redirect({ href: landingPathFor(info), replace: true });
  },
  component: StaffOutagesPage,
});

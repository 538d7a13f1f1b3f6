import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { pageOffered } from '@portal/schema/pages';
import { ConnectionQueuePage } from '../../features/connections/connection-queue-page.tsx';
import { actorInfoQueryOptions } from '../../shared/auth/actor-info.ts';
import { landingPathFor } from '../../shared/auth/landing.ts';

/** Customer service's queue of connection requests, on sites that take them (docs/decisions/124). */
export const Route = createFileRoute('/_authenticated/staff_/connection-requests')({
  beforeLoad: async ({ context }) => {
    if (!pageOffered('/connection-requests', context.site.features)) throw notFound();
    const info = await context.queryClient.ensureQueryData(actorInfoQueryOptions);
    if (!info.staffRoles.includes('customer-service')) throw redirect({ href: landingPathFor(info), replace: true });
  },
  component: ConnectionQueuePage,
});

import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { TicketQueuePage } from '../../features/support/ticket-queue-page.tsx';
import { actorInfoQueryOptions } from '../../shared/auth/actor-info.ts';
import { landingPathFor } from '../../shared/auth/landing.ts';

/** Customer service's ticket queue, on sites that offer support (docs/decisions/054). */
export const Route = createFileRoute('/_authenticated/staff_/tickets')({
  beforeLoad: async ({ context }) => {
    if (!context.site.features.includes('SUPPORT')) throw notFound();
    const info = await context.queryClient.ensureQueryData(actorInfoQueryOptions);
    if (!info.staffRoles.includes('customer-service')) throw redirect({ href: landingPathFor(info), replace: true });
  },
  component: TicketQueuePage,
});

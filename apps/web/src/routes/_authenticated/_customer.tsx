import { createFileRoute, redirect } from '@tanstack/react-router';
import { actorInfoQueryOptions } from '../../shared/auth/actor-info.ts';
import { landingPathFor } from '../../shared/auth/landing.ts';

/**
 * Pages of a customer's own data. A signed-in person who acts for no customer (a site administrator, staff not
 * acting for anyone, a person the utility does not know yet) has their own landing instead of empty pages.
 */
export const Route = createFileRoute('/_authenticated/_customer')({
  beforeLoad: async ({ context }) => {
    const info = await context.queryClient.ensureQueryData(actorInfoQueryOptions);
    if (!info.customer) throw redirect({ href: landingPathFor(info), replace: true });
  },
});

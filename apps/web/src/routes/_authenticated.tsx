import { createFileRoute, redirect } from '@tanstack/react-router';
import { sessionQueryOptions } from '../shared/auth/session.ts';

/** Spec §2: pages under this layout need a session; without one the person signs in and comes back. */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData({ ...sessionQueryOptions, revalidateIfStale: true });
    if (!session) {
      throw redirect({
        to: '/auth/signin',
        search: { callbackUrl: `${location.pathname}${location.searchStr}`, error: 'SessionRequired' },
      });
    }
  },
});

import { createFileRoute, redirect } from '@tanstack/react-router';
import { actorInfoQueryOptions } from '../../shared/auth/actor-info.ts';
import { landingPathFor } from '../../shared/auth/landing.ts';

/**
 * Where sign-in goes when nothing asked for another page (docs/decisions/078): on to the person's own landing,
 * which depends on who they are, known only once signed in.
 */
export const Route = createFileRoute('/_authenticated/landing')({
  beforeLoad: async ({ context }) => {
    const info = await context.queryClient.ensureQueryData(actorInfoQueryOptions);
    throw redirect({ href: landingPathFor(info), replace: true });
  },
});

import { createFileRoute, getRouteApi, redirect } from '@tanstack/react-router';
import { SignInPage } from '../../features/auth/sign-in-page.tsx';
import { safeCallbackUrl } from '../../shared/auth/safe-callback.ts';
import { sessionQueryOptions } from '../../shared/auth/session.ts';

type SignInSearch = { callbackUrl?: string; error?: string };

// The page reads its search through the route's id, so its lazy chunk does not pull in this definition.
const routeApi = getRouteApi('/auth/signin');

export const Route = createFileRoute('/auth/signin')({
  validateSearch: (search: Record<string, unknown>): SignInSearch => ({
    callbackUrl: typeof search.callbackUrl === 'string' ? search.callbackUrl : undefined,
    error: typeof search.error === 'string' ? search.error : undefined,
  }),
  // Someone already signed in goes on where the sign-in would have taken them (a same-site path only).
  beforeLoad: async ({ context, search }) => {
    const session = await context.queryClient.ensureQueryData({ ...sessionQueryOptions, revalidateIfStale: true });
    if (session) throw redirect({ href: safeCallbackUrl(search.callbackUrl), replace: true });
  },
  component: function SignInRoute() {
    const { callbackUrl, error } = routeApi.useSearch();
    return <SignInPage callbackUrl={callbackUrl} error={error} />;
  },
});

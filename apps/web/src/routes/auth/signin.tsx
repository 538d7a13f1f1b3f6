import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { SignInPage } from '../../features/auth/sign-in-page.tsx';

type SignInSearch = { callbackUrl?: string; error?: string };

// The page reads its search through the route's id, so its lazy chunk does not pull in this definition.
const routeApi = getRouteApi('/auth/signin');

export const Route = createFileRoute('/auth/signin')({
  validateSearch: (search: Record<string, unknown>): SignInSearch => ({
    callbackUrl: typeof search.callbackUrl === 'string' ? search.callbackUrl : undefined,
    error: typeof search.error === 'string' ? search.error : undefined,
  }),
  component: function SignInRoute() {
    const { callbackUrl, error } = routeApi.useSearch();
    return <SignInPage callbackUrl={callbackUrl} error={error} />;
  },
});

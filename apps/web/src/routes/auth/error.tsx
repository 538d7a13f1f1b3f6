import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { AuthErrorPage } from '../../features/auth/auth-error-page.tsx';

type ErrorSearch = { error?: string };

// The page reads its search through the route's id, so its lazy chunk does not pull in this definition.
const routeApi = getRouteApi('/auth/error');

export const Route = createFileRoute('/auth/error')({
  validateSearch: (search: Record<string, unknown>): ErrorSearch => ({
    error: typeof search.error === 'string' ? search.error : undefined,
  }),
  component: function AuthErrorRoute() {
    const { error } = routeApi.useSearch();
    return <AuthErrorPage error={error} />;
  },
});

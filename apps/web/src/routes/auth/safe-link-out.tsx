import { createFileRoute, getRouteApi } from '@tanstack/react-router';
import { SafeLinkOutPage } from '../../features/auth/safe-link-out-page.tsx';

type LinkOutSearch = { url?: string };

// The page reads its search through the route's id, so its lazy chunk does not pull in this definition.
const routeApi = getRouteApi('/auth/safe-link-out');

export const Route = createFileRoute('/auth/safe-link-out')({
  validateSearch: (search: Record<string, unknown>): LinkOutSearch => ({
    url: typeof search.url === 'string' ? search.url : undefined,
  }),
  component: function SafeLinkOutRoute() {
    const { url } = routeApi.useSearch();
    return <SafeLinkOutPage url={url} />;
  },
});

import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageOffered } from '@portal/schema/pages';
import { myRequestsQueryOptions, placesQueryOptions } from '../../../features/connections/connection-queries.ts';
import { ConnectionRequestsPage } from '../../../features/connections/connection-requests-page.tsx';
import { startQuery } from '../../../shared/api/start-query.ts';

/** Connections and solar (docs/decisions/124): on a network operator's site with CONNECTION_REQUESTS. */
export const Route = createFileRoute('/_authenticated/_customer/connection-requests')({
  beforeLoad: ({ context }) => {
    if (!pageOffered('/connection-requests', context.site.features)) throw notFound();
  },
  loader: ({ context }) => {
    startQuery(context.queryClient, myRequestsQueryOptions);
    startQuery(context.queryClient, placesQueryOptions);
  },
  component: ConnectionRequestsPage,
});

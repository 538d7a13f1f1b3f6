import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageOffered } from '@portal/schema/pages';
import { contractQueryOptions } from '../../../../../../features/contracts/contract-queries.ts';
import { MoveOutPage } from '../../../../../../features/contracts/move-out/move-out-page.tsx';
import { startQuery } from '../../../../../../shared/api/start-query.ts';

export const Route = createFileRoute('/_authenticated/_customer/contracts/$id/move-out/')({
  beforeLoad: ({ context, location }) => {
    if (!pageOffered(location.pathname, context.site.features)) throw notFound();
  },
  loader: ({ context, params }) => startQuery(context.queryClient, contractQueryOptions(params.id)),
  component: function MoveOutRoute() {
    return <MoveOutPage contractId={Route.useParams().id} />;
  },
});

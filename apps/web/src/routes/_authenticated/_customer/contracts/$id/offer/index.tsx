import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageOffered } from '@portal/schema/pages';
import { contractQueryOptions } from '../../../../../../features/contracts/contract-queries.ts';
import { OfferPage } from '../../../../../../features/contracts/signing/offer-page.tsx';
import { offersQueryOptions } from '../../../../../../features/contracts/signing/signing-queries.ts';
import { startQuery } from '../../../../../../shared/api/start-query.ts';

export const Route = createFileRoute('/_authenticated/_customer/contracts/$id/offer/')({
  beforeLoad: ({ context, location }) => {
    if (!pageOffered(location.pathname, context.site.features)) throw notFound();
  },
  loader: ({ context, params }) => {
    startQuery(context.queryClient, contractQueryOptions(params.id));
    startQuery(context.queryClient, offersQueryOptions);
  },
  component: function OfferRoute() {
    return <OfferPage contractId={Route.useParams().id} />;
  },
});

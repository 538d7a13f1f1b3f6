import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageOffered } from '@portal/schema/pages';
import { NetworkProductPage } from '../../../../../features/contracts/network-product/network-product-page.tsx';
import { networkProductsQueryOptions } from '../../../../../features/contracts/network-product/network-product-queries.ts';
import { startQuery } from '../../../../../shared/api/start-query.ts';
import { powerPeaksQueryOptions } from '../../../../../shared/energy/power-peaks.ts';

/** A grid contract's network products compared and changed once a year (docs/decisions/127): where NETWORK_PRODUCT_CHANGE is on. */
export const Route = createFileRoute('/_authenticated/_customer/contracts/$id/network-product')({
  beforeLoad: ({ context, location }) => {
    if (!pageOffered(location.pathname, context.site.features)) throw notFound();
  },
  loader: ({ context, params }) => {
    startQuery(context.queryClient, networkProductsQueryOptions(params.id));
    startQuery(context.queryClient, powerPeaksQueryOptions());
  },
  component: function NetworkProductRoute() {
    return <NetworkProductPage contractId={Route.useParams().id} />;
  },
});

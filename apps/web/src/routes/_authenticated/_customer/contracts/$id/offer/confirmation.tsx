import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageOffered } from '@portal/schema/pages';
import { OfferConfirmationPage } from '../../../../../../features/contracts/signing/offer-confirmation-page.tsx';
import { signingSearch } from '../../../../../../features/contracts/signing/signing-search.ts';

export const Route = createFileRoute('/_authenticated/_customer/contracts/$id/offer/confirmation')({
  validateSearch: signingSearch,
  beforeLoad: ({ context, location }) => {
    if (!pageOffered(location.pathname, context.site.features)) throw notFound();
  },
  component: function OfferConfirmationRoute() {
    const { signingToken } = Route.useSearch();
    return <OfferConfirmationPage contractId={Route.useParams().id} signingToken={signingToken ?? ''} />;
  },
});

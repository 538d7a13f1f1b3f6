import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageOffered } from '@portal/schema/pages';
import { SignConfirmationPage } from '../../../../../features/contracts/signing/sign-confirmation-page.tsx';
import { signingSearch } from '../../../../../features/contracts/signing/signing-search.ts';

export const Route = createFileRoute('/_authenticated/_customer/contracts/sign/confirmation')({
  validateSearch: signingSearch,
  beforeLoad: ({ context, location }) => {
    if (!pageOffered(location.pathname, context.site.features)) throw notFound();
  },
  component: function SignConfirmationRoute() {
    const { signingToken } = Route.useSearch();
    return <SignConfirmationPage signingToken={signingToken ?? ''} />;
  },
});

import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageOffered } from '@portal/schema/pages';
import { SignPage } from '../../../../../features/contracts/signing/sign-page.tsx';

export const Route = createFileRoute('/_authenticated/_customer/contracts/sign/')({
  beforeLoad: ({ context, location }) => {
    if (!pageOffered(location.pathname, context.site.features)) throw notFound();
  },
  component: SignPage,
});

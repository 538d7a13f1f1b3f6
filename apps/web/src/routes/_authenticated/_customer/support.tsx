import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageOffered } from '@portal/schema/pages';
import { SupportPage } from '../../../features/support/support-page.tsx';

export const Route = createFileRoute('/_authenticated/_customer/support')({
  beforeLoad: ({ context }) => {
    if (!pageOffered('/support', context.site.features)) throw notFound();
  },
  component: SupportPage,
});

import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageOffered } from '@portal/schema/pages';
import { InboxPage } from '../../../features/support/inbox-page.tsx';

export const Route = createFileRoute('/_authenticated/_customer/inbox')({
  beforeLoad: ({ context }) => {
    if (!pageOffered('/inbox', context.site.features)) throw notFound();
  },
  component: InboxPage,
});

import { createFileRoute, notFound } from '@tanstack/react-router';
import { getI18n } from 'react-i18next';
import { pageOffered } from '@portal/schema/pages';
import { InboxPage } from '../../../features/support/inbox-page.tsx';
import { inboxQueryOptions } from '../../../features/support/inbox-queries.ts';
import { startQuery } from '../../../shared/api/start-query.ts';

export const Route = createFileRoute('/_authenticated/_customer/inbox')({
  beforeLoad: ({ context }) => {
    if (!pageOffered('/inbox', context.site.features)) throw notFound();
  },
  // Subjects come in the language the page shows in.
  loader: ({ context }) => startQuery(context.queryClient, inboxQueryOptions(getI18n().language)),
  component: InboxPage,
});

import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageOffered } from '@portal/schema/pages';
import { outagesQueryOptions } from '../../../features/outages/outage-queries.ts';
import { OutagesPage } from '../../../features/outages/outages-page.tsx';
import { startQuery } from '../../../shared/api/start-query.ts';

export const Route = createFileRoute('/_authenticated/_customer/outages')({
  beforeLoad: ({ context }) => {
    if (!pageOffered('/outages', context.site.features)) throw notFound();
  },
  loader: ({ context }) => startQuery(context.queryClient, outagesQueryOptions),
  component: OutagesPage,
});

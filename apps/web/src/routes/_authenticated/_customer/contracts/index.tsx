import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageOffered } from '@portal/schema/pages';
import { ContractsPage } from '../../../../features/contracts/list/contracts-page.tsx';
import { contractsQueryOptions } from '../../../../features/contracts/contract-queries.ts';
import { startQuery } from '../../../../shared/api/start-query.ts';

export const Route = createFileRoute('/_authenticated/_customer/contracts/')({
  beforeLoad: ({ context }) => {
    if (!pageOffered('/contracts', context.site.features)) throw notFound();
  },
  loader: ({ context }) => startQuery(context.queryClient, contractsQueryOptions()),
  component: ContractsPage,
});

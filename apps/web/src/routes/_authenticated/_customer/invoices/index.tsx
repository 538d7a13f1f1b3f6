import { createFileRoute, notFound } from '@tanstack/react-router';
import { pageOffered } from '@portal/schema/pages';
import { invoicesQueryOptions } from '../../../../features/invoices/invoice-queries.ts';
import { InvoicesPage } from '../../../../features/invoices/invoices-page.tsx';
import { invoiceListParams, parseInvoicesSearch } from '../../../../features/invoices/invoices-search.ts';
import { startQuery } from '../../../../shared/api/start-query.ts';

export const Route = createFileRoute('/_authenticated/_customer/invoices/')({
  validateSearch: parseInvoicesSearch,
  beforeLoad: ({ context }) => {
    if (!pageOffered('/invoices', context.site.features)) throw notFound();
  },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => startQuery(context.queryClient, invoicesQueryOptions(invoiceListParams(deps))),
  component: function InvoicesRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <InvoicesPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
  },
});

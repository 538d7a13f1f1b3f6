import { createFileRoute } from '@tanstack/react-router';
import { InvoicesPage } from '../../../features/invoices/invoices-page.tsx';
import { parseInvoicesSearch } from '../../../features/invoices/invoices-search.ts';

export const Route = createFileRoute('/_authenticated/invoices/')({
  validateSearch: parseInvoicesSearch,
  component: function InvoicesRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <InvoicesPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
  },
});

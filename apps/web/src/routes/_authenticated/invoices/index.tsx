import { createFileRoute } from '@tanstack/react-router';
import { InvoicesPage, parseInvoicesSearch } from '../../../features/invoices/invoices-page.tsx';

export const Route = createFileRoute('/_authenticated/invoices/')({
  validateSearch: parseInvoicesSearch,
  component: function InvoicesRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <InvoicesPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true })} />;
  },
});

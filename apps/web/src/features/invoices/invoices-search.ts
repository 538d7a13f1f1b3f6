/** The search parameters of /invoices, kept apart from the page so the route file stays out of the first load. */
import type { InvoiceSort, InvoiceStatusFilter } from '@portal/schema/invoices';

export const INVOICE_PAGE_SIZE = 10;
export type InvoicesSearch = { type?: InvoiceStatusFilter; sort?: InvoiceSort; page?: number };
export type InvoiceListParams = { type?: InvoiceStatusFilter; sort: InvoiceSort; page: number; pageSize: number };

export const FILTERS = ['all', 'unpaid', 'overdue', 'paid'] as const;
export const SORTS: InvoiceSort[] = ['-dueDate', 'dueDate', '-total', 'total'];

/** The search of /invoices, checked by hand: the first page load stays free of validation libraries. */
export function parseInvoicesSearch(search: Record<string, unknown>): InvoicesSearch {
  const type = FILTERS.includes(search.type as never) && search.type !== 'all' ? (search.type as InvoiceStatusFilter) : undefined;
  const sort = SORTS.includes(search.sort as InvoiceSort) ? (search.sort as InvoiceSort) : undefined;
  const page = Number(search.page);
  return { type, sort, page: Number.isInteger(page) && page > 1 ? page : undefined };
}

/** The list call a search asks for: the route's loader and the page ask with the same key. */
export function invoiceListParams(search: InvoicesSearch): InvoiceListParams {
  return { type: search.type, sort: search.sort ?? '-dueDate', page: search.page ?? 1, pageSize: INVOICE_PAGE_SIZE };
}

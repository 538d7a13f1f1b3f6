import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceList } from '@portal/schema/invoices';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';
import type { InvoiceListParams } from './invoices-search.ts';

/** GET /api/invoices?type={status}&sort&page&pageSize (spec §7). */
export function getInvoices(params: InvoiceListParams): Promise<InvoiceList> {
  return api<InvoiceList>('/api/invoices', { query: params });
}

export const invoicesQueryOptions = (params: InvoiceListParams) =>
  queryOptions({ queryKey: queryKeys.invoices.list(params), queryFn: () => getInvoices(params), placeholderData: keepPreviousData });

export const useInvoices = (params: InvoiceListParams) => useQuery(invoicesQueryOptions(params));

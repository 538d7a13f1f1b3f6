import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceWithPayment } from '@portal/schema/invoices';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** GET /api/invoices/{invoiceNumber}: the invoice with its rows and how to pay it. */
export function getInvoice(invoiceNumber: string): Promise<InvoiceWithPayment> {
  return api<InvoiceWithPayment>(`/api/invoices/${encodeURIComponent(invoiceNumber)}`);
}

export const invoiceQueryOptions = (invoiceNumber: string) =>
  queryOptions({ queryKey: queryKeys.invoices.detail(invoiceNumber), queryFn: () => getInvoice(invoiceNumber) });

export const useInvoice = (invoiceNumber: string, { enabled }: { enabled: boolean }) =>
  useQuery({ ...invoiceQueryOptions(invoiceNumber), enabled });

import { keepPreviousData, queryOptions, useQuery, useMutation } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation.ts';
import type { InvoiceAnalysis } from '@portal/schema/invoice-analysis';
import type { InvoiceList, InvoiceWithPayment, InvoiceSummary, PostponeInvoiceRequest } from '@portal/schema/invoices';
import { api, downloadFile } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';
import type { InvoiceListParams } from './invoices-search.ts';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../shared/files/save-file.ts';

/** GET /api/invoices?type={status}&sort&page&pageSize (spec §7). */
export function getInvoices(params: InvoiceListParams): Promise<InvoiceList> {
  return api<InvoiceList>('/api/invoices', { query: params });
}

export const invoicesQueryOptions = (params: InvoiceListParams) =>
  queryOptions({ queryKey: queryKeys.invoices.list(params), queryFn: () => getInvoices(params), placeholderData: keepPreviousData });

export const useInvoices = (params: InvoiceListParams) => useQuery(invoicesQueryOptions(params));

/** GET /api/invoices/{invoiceNumber}: the invoice with its rows and how to pay it. */
export function getInvoice(invoiceNumber: string): Promise<InvoiceWithPayment> {
  return api<InvoiceWithPayment>(`/api/invoices/${encodeURIComponent(invoiceNumber)}`);
}

export const invoiceQueryOptions = (invoiceNumber: string) =>
  queryOptions({ queryKey: queryKeys.invoices.detail(invoiceNumber), queryFn: () => getInvoice(invoiceNumber) });

export const useInvoice = (invoiceNumber: string, { enabled }: { enabled: boolean }) =>
  useQuery({ ...invoiceQueryOptions(invoiceNumber), enabled });

/** GET /api/invoices/{invoiceNumber}/analysis: the change against last month's and last year's bill, in parts. */
export function getInvoiceAnalysis(invoiceNumber: string): Promise<InvoiceAnalysis> {
  return api<InvoiceAnalysis>(`/api/invoices/${encodeURIComponent(invoiceNumber)}/analysis`);
}

export const invoiceAnalysisQueryOptions = (invoiceNumber: string) =>
  queryOptions({ queryKey: queryKeys.invoices.analysis(invoiceNumber), queryFn: () => getInvoiceAnalysis(invoiceNumber) });

export const useInvoiceAnalysis = (invoiceNumber: string) => useQuery(invoiceAnalysisQueryOptions(invoiceNumber));

/** PUT /api/invoices/{invoiceNumber}/postpone with dueDate (spec §7). */
export function postponeInvoice({ invoiceNumber, dueDate }: PostponeInvoiceRequest & { invoiceNumber: string }): Promise<InvoiceSummary> {
  return api<InvoiceSummary>(`/api/invoices/${encodeURIComponent(invoiceNumber)}/postpone`, { method: 'PUT', body: { dueDate } });
}

/** Spec §4: afterwards the cached invoice record is refreshed, with every list and card that shows it. */
export function usePostponeInvoice() {
  return useRefreshingMutation(queryKeys.invoices.all, postponeInvoice);
}

export type InvoiceFileKind = 'pdf' | 'csv';

/** GET /api/invoices/{id}/download (PDF) or /download/csv: saved under the server's file name (spec §7). */
export async function downloadInvoice(id: string, kind: InvoiceFileKind): Promise<boolean> {
  const file = await downloadFile(`/api/invoices/${encodeURIComponent(id)}/download${kind === 'csv' ? '/csv' : ''}`);
  if (!file) return false;
  saveFile(file);
  return true;
}

/** Spec §8: 204 is reported as not found; other failures take the shared api-error path. */
export function useDownloadInvoice() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ id, kind }: { id: string; kind: InvoiceFileKind }) => downloadInvoice(id, kind),
    onSuccess: (found) => {
      if (!found) notifications.show({ id: 'invoice-download-not-found', color: 'yellow', message: t('invoices.download.not-found') });
    },
  });
}

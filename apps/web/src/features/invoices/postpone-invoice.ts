import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceSummary, PostponeInvoiceRequest } from '@portal/schema/invoices';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** PUT /api/invoices/{invoiceNumber}/postpone with dueDate (spec §7). */
export function postponeInvoice({ invoiceNumber, dueDate }: PostponeInvoiceRequest & { invoiceNumber: string }): Promise<InvoiceSummary> {
  return api<InvoiceSummary>(`/api/invoices/${encodeURIComponent(invoiceNumber)}/postpone`, { method: 'PUT', body: { dueDate } });
}

/** Spec §4: afterwards the cached invoice record is refreshed, with every list and card that shows it. */
export function usePostponeInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postponeInvoice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.invoices.all }),
  });
}

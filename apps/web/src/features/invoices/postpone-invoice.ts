import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceSummary } from '@portal/schema/invoices';
import { api } from '../../shared/api/api-client.ts';

/** PUT /api/invoices/{invoiceNumber}/postpone with dueDate (spec §7). */
export function postponeInvoice({ invoiceNumber, dueDate }: { invoiceNumber: string; dueDate: string }): Promise<InvoiceSummary> {
  return api<InvoiceSummary>(`/api/invoices/${encodeURIComponent(invoiceNumber)}/postpone`, { method: 'PUT', body: { dueDate } });
}

/** Spec §4: afterwards the cached invoice record is refreshed (and every list that shows it). */
export function usePostponeInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postponeInvoice,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['invoices'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard', 'invoices'] }),
      ]);
    },
  });
}

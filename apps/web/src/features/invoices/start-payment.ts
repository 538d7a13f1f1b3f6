import { useMutation } from '@tanstack/react-query';
import type { StartedPayment } from '@portal/schema/payments';
import { api } from '../../shared/api/api-client.ts';

/** POST /api/invoices/{invoiceNumber}/payments: the answer names the provider page to send the payer to. */
export function startPayment(invoiceNumber: string): Promise<StartedPayment> {
  return api<StartedPayment>(`/api/invoices/${encodeURIComponent(invoiceNumber)}/payments`, { method: 'POST', body: {} });
}

/** Starts a payment and leaves for the provider (bank, card page or the local simulator). */
export function useStartPayment({ navigate = (url: string) => window.location.assign(url) } = {}) {
  return useMutation({
    mutationFn: startPayment,
    onSuccess: (started) => navigate(started.redirectUrl),
  });
}

import { useMutation, queryOptions, useQuery } from '@tanstack/react-query';
import type { StartedPayment, PaymentView } from '@portal/schema/payments';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

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

/** GET /api/payments/{paymentId}: while pending, the server asks the provider before it answers. */
export function getPayment(paymentId: string): Promise<PaymentView> {
  return api<PaymentView>(`/api/payments/${encodeURIComponent(paymentId)}`);
}

export const paymentQueryOptions = (paymentId: string) =>
  queryOptions({ queryKey: queryKeys.payments.detail(paymentId), queryFn: () => getPayment(paymentId), staleTime: 0 });

/** Polls every `intervalMs` while the payment is neither confirmed nor failed. */
export function usePayment(paymentId: string | undefined, intervalMs: number) {
  return useQuery({
    ...paymentQueryOptions(paymentId ?? ''),
    enabled: Boolean(paymentId),
    retry: false,
    refetchInterval: (query) =>
      query.state.data && (query.state.data.status === 'confirmed' || query.state.data.status === 'failed') ? false : intervalMs,
  });
}

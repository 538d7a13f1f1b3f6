import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentView } from '@portal/schema/payments';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

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

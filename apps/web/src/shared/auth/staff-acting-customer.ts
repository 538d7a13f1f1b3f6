import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/api-client.ts';
import { refetchForNewCustomer } from '../api/query-keys.ts';

export type ActingCustomer = { clientCode: string; name: string };

/** POST /api/staff/acting-customer: customer-service staff act for a customer of their site. */
export function startActingForCustomer(clientCode: string): Promise<ActingCustomer> {
  return api('/api/staff/acting-customer', { method: 'POST', body: { clientCode } });
}

/** DELETE /api/staff/acting-customer: back to acting as themself. */
export function stopActingForCustomer(): Promise<void> {
  return api('/api/staff/acting-customer', { method: 'DELETE' });
}

export function useStartActingForCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startActingForCustomer,
    onSuccess: () => refetchForNewCustomer(queryClient),
  });
}

export function useStopActingForCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopActingForCustomer,
    onSuccess: () => refetchForNewCustomer(queryClient),
  });
}

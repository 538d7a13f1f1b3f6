import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeBillingChannelRequest, ContractDetail } from '@portal/schema/contracts';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** POST /api/contracts/{id}/change-billing-channels (spec §7). */
export function changeBillingChannel({ id, ...body }: ChangeBillingChannelRequest & { id: string }): Promise<ContractDetail> {
  return api<ContractDetail>(`/api/contracts/${encodeURIComponent(id)}/change-billing-channels`, { method: 'POST', body });
}

/** Spec §4: a billing-channel change refreshes the contract and its billing info (and the list that shows it). */
export function useChangeBillingChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBillingChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.contracts.all }),
  });
}

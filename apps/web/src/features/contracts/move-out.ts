import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractDetail } from '@portal/schema/contracts';
import type { MoveOutRequest } from '@portal/schema/move-out';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** POST /api/contracts/{id}/move-out (spec §7). */
export function moveOut({ id, ...body }: MoveOutRequest & { id: string }): Promise<ContractDetail> {
  return api<ContractDetail>(`/api/contracts/${encodeURIComponent(id)}/move-out`, { method: 'POST', body });
}

/** Spec §4: a move-out refreshes the contract, its billing info and the contract list. */
export function useMoveOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveOut,
    onSuccess: (contract) => {
      queryClient.setQueryData(queryKeys.contracts.detail(contract.id), contract);
      return queryClient.invalidateQueries({ queryKey: queryKeys.contracts.all });
    },
  });
}

import { queryOptions, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation.ts';
import type { ContractSummary, BillingChannels, ContractDetail, ChangeBillingChannelRequest } from '@portal/schema/contracts';
import { api, downloadFile } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../shared/files/save-file.ts';
import type { MoveOutRequest } from '@portal/schema/move-out';

/** GET /api/contracts (spec §7): the acting customer's contracts, newest first. */
export function getContracts(): Promise<ContractSummary[]> {
  return api<ContractSummary[]>('/api/contracts');
}

export const contractsQueryOptions = () => queryOptions({ queryKey: queryKeys.contracts.list(), queryFn: getContracts });

export const useContracts = () => useQuery(contractsQueryOptions());

/** GET /api/contracts/{id} (spec §7): one contract with its price components and billing. */
export function getContract(id: string): Promise<ContractDetail> {
  return api<ContractDetail>(`/api/contracts/${encodeURIComponent(id)}`);
}

export const contractQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.contracts.detail(id), queryFn: () => getContract(id) });

export const useContract = (id: string) => useQuery(contractQueryOptions(id));

/** GET /api/contracts/{id}/billing-channels (spec §7): the current channel and the ones the customer may choose. */
export function getBillingChannels(id: string): Promise<BillingChannels> {
  return api<BillingChannels>(`/api/contracts/${encodeURIComponent(id)}/billing-channels`);
}

export const useBillingChannels = (id: string, enabled: boolean) =>
  useQuery({ queryKey: queryKeys.contracts.billingChannels(id), queryFn: () => getBillingChannels(id), enabled });

/** POST /api/contracts/{id}/change-billing-channels (spec §7). */
export function changeBillingChannel({ id, ...body }: ChangeBillingChannelRequest & { id: string }): Promise<ContractDetail> {
  return api<ContractDetail>(`/api/contracts/${encodeURIComponent(id)}/change-billing-channels`, { method: 'POST', body });
}

/** Spec §4: a billing-channel change refreshes the contract and its billing info (and the list that shows it). */
export function useChangeBillingChannel() {
  return useRefreshingMutation(queryKeys.contracts.all, changeBillingChannel);
}

/** GET /api/contracts/{id}/download: the contract PDF, saved under the server's file name (spec §7). */
export async function downloadContract(id: string): Promise<boolean> {
  const file = await downloadFile(`/api/contracts/${encodeURIComponent(id)}/download`);
  if (!file) return false;
  saveFile(file);
  return true;
}

/** Spec §8: 204 is reported as not found; other failures take the shared api-error path. */
export function useDownloadContract() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: downloadContract,
    onSuccess: (found) => {
      if (!found) notifications.show({ id: 'contract-download-not-found', color: 'yellow', message: t('contracts.download.not-found') });
    },
  });
}

/** POST /api/contracts/{id}/move-out (spec §7). */
export function moveOut({ id, ...body }: MoveOutRequest & { id: string }): Promise<ContractDetail> {
  return api<ContractDetail>(`/api/contracts/${encodeURIComponent(id)}/move-out`, { method: 'POST', body });
}

/** Spec §4: a move-out refreshes the contract, its billing info and the contract list. */
export function useMoveOut() {
  const queryClient = useQueryClient();
  return useRefreshingMutation(queryKeys.contracts.all, moveOut, {
    onSuccess: (contract) => queryClient.setQueryData(queryKeys.contracts.detail(contract.id), contract),
  });
}

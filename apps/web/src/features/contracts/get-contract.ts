import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingChannels, ContractDetail } from '@portal/schema/contracts';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

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

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractSummary } from '@portal/schema/contracts';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** GET /api/contracts (spec §7): the acting customer's contracts, newest first. */
export function getContracts(): Promise<ContractSummary[]> {
  return api<ContractSummary[]>('/api/contracts');
}

export const contractsQueryOptions = () => queryOptions({ queryKey: queryKeys.contracts.list(), queryFn: getContracts });

export const useContracts = () => useQuery(contractsQueryOptions());

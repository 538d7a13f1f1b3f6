import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation.ts';
import type { Bank, EInvoiceOperator } from '@portal/schema/banks';
import type {
  AddressSuggestion,
  CreateContractRequest,
  CreateEstonianContractRequest,
  ExistingEInvoice,
  RenewContractRequest,
  StartedSigning,
  StartInfo,
} from '@portal/schema/contract-signing';
import type { UsagePointSearchRequest, UsagePointSearchResult } from '@portal/schema/energy';
import type { Utility } from '@portal/schema/enums';
import type { ContractOffer, Product, ProductCosts } from '@portal/schema/products';
import { api, downloadFile } from '../../../shared/api/api-client.ts';
import { ApiError } from '../../../shared/api/api-error.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

/** POST /api/usage-points/search: the site's grid, answered as a stranger may know it. */
export const useUsagePointSearch = () =>
  useMutation({
    mutationFn: (body: UsagePointSearchRequest) => api<UsagePointSearchResult[]>('/api/usage-points/search', { method: 'POST', body }),
  });

/** POST /api/addresses/autocomplete?q (ADDRESS_AUTOCOMPLETE): addresses of the grid that begin with what was typed. */
export const useAddressSuggestions = (text: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.contracts.addressSuggestions(text),
    queryFn: ({ signal }) => api<AddressSuggestion[]>('/api/addresses/autocomplete', { method: 'POST', query: { q: text }, signal }),
    enabled: enabled && text.trim().length >= 2,
    staleTime: 60_000,
  });

export const productsQueryOptions = (utility: Utility | null, campaignCode: string) =>
  queryOptions({
    queryKey: queryKeys.products.list({ utility, campaignCode }),
    queryFn: ({ signal }) => api<Product[]>('/api/products', { query: { utility, campaignCode: campaignCode || undefined }, signal }),
    enabled: utility !== null,
  });

/** GET /api/me/product-costs (decision 120): what the customer's own last twelve months would have cost under each product. */
export const productCostsQueryOptions = (utility: Utility | null, campaignCode: string) =>
  queryOptions({
    queryKey: queryKeys.products.costs({ utility, campaignCode }),
    queryFn: ({ signal }) =>
      api<ProductCosts>('/api/me/product-costs', { query: { utility, campaignCode: campaignCode || undefined }, signal }),
    enabled: utility !== null,
  });

export const startInfoQueryOptions = (objectId: string | null, businessCode: string | null) =>
  queryOptions({
    queryKey: queryKeys.contracts.startInfo(objectId ?? '', businessCode),
    queryFn: ({ signal }) =>
      api<StartInfo>(`/api/contracts/start-info/${encodeURIComponent(objectId ?? '')}`, {
        query: { businessCode: businessCode ?? undefined },
        signal,
      }),
    enabled: objectId !== null,
  });

export const existingEInvoiceQueryOptions = (utility: Utility | null) =>
  queryOptions({
    queryKey: queryKeys.contracts.existingEInvoice(utility ?? ''),
    queryFn: ({ signal }) =>
      api<ExistingEInvoice>('/api/contracts/existing-einvoice-bank-info', { query: { utilityName: utility }, signal }),
    enabled: utility !== null,
  });

export const eInvoiceBanksQueryOptions = queryOptions({
  queryKey: queryKeys.banks.eInvoice(),
  queryFn: ({ signal }) => api<Bank[]>('/api/banks', { query: { type: 'e-invoice' }, signal }),
  staleTime: 60 * 60_000,
});

export const operatorsQueryOptions = queryOptions({
  queryKey: queryKeys.banks.operators(),
  queryFn: ({ signal }) => api<EInvoiceOperator[]>('/api/banks/operators', { signal }),
  staleTime: 60 * 60_000,
});

export const offersQueryOptions = queryOptions({
  queryKey: queryKeys.contracts.offers(),
  queryFn: ({ signal }) => api<ContractOffer[]>('/api/me/contract-offers', { signal }),
});

/** POST /api/contracts/create, or /create/estonia where the site is Estonian (decision 036). */
export function useCreateContract() {
  return useRefreshingMutation(queryKeys.contracts.all, (body: CreateContractRequest | CreateEstonianContractRequest) =>
    api<StartedSigning>('meteringPointEic' in body ? '/api/contracts/create/estonia' : '/api/contracts/create', { method: 'POST', body }),
  );
}

/** POST /api/contracts/{id}/renew; spec §4: renewing refreshes the contract and its billing info. */
export function useRenewContract(contractId: string) {
  return useRefreshingMutation(queryKeys.contracts.all, (body: RenewContractRequest) =>
    api<StartedSigning>(`/api/contracts/${encodeURIComponent(contractId)}/renew`, { method: 'POST', body }),
  );
}

/**
 * Sends the browser to sign: the local service brings it back itself; Dokobit's page opens beside the portal, which
 * then shows its confirmation page and waits (answers true).
 */
export function goToSigning(started: StartedSigning): boolean {
  if (started.returnsToPortal) {
    window.location.assign(started.signingUrl);
    return false;
  }
  window.open(started.signingUrl, '_blank', 'noopener');
  return true;
}

export type FinalizeOutcome =
  | { kind: 'signed'; file: { blob: Blob; filename: string } }
  | { kind: 'not-found' }
  | { kind: 'pending' }
  | { kind: 'failed'; code: string };

/** POST /api/contracts/finalize (spec §7, §8): 204 not found, a file when signed, otherwise a JSON error. */
export async function finalizeSigning(signingToken: string): Promise<FinalizeOutcome> {
  try {
    const file = await downloadFile('/api/contracts/finalize', { method: 'POST', body: { signingToken } });
    return file ? { kind: 'signed', file } : { kind: 'not-found' };
  } catch (error) {
    if (error instanceof ApiError && error.code === 'SIGNING_PENDING') return { kind: 'pending' };
    if (error instanceof ApiError && error.code) return { kind: 'failed', code: error.code };
    throw error;
  }
}

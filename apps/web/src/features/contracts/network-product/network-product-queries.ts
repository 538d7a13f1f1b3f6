import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NetworkProductChangeRequest, NetworkProducts } from '@portal/schema/network-products';
import { api } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation.ts';

const path = (contractId: string) => `/api/contracts/${encodeURIComponent(contractId)}`;

/** GET /api/contracts/{id}/network-products (decision 127): the grid contract's network products compared, and its pending change. */
export const networkProductsQueryOptions = (contractId: string) =>
  queryOptions({
    queryKey: queryKeys.contracts.networkProducts(contractId),
    queryFn: ({ signal }) => api<NetworkProducts>(`${path(contractId)}/network-products`, { signal }),
  });

export const useNetworkProducts = (contractId: string) => useQuery(networkProductsQueryOptions(contractId));

/**
 * A change and its cancellation answer the page's new state, kept at once; every contract query is then fetched again,
 * since both contracts of the point (the one ending and the one starting) are in the list.
 */
function useNetworkProductMutation<Input>(contractId: string, send: (input: Input) => Promise<NetworkProducts>) {
  const queryClient = useQueryClient();
  return useRefreshingMutation(queryKeys.contracts.all, send, {
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.contracts.networkProducts(contractId), answer),
  });
}

/** POST /api/contracts/{id}/network-product-change: the new product from the first of next month. */
export const useChangeNetworkProduct = (contractId: string) =>
  useNetworkProductMutation(contractId, (body: NetworkProductChangeRequest) =>
    api<NetworkProducts>(`${path(contractId)}/network-product-change`, { method: 'POST', body }),
  );

/** POST /api/contracts/{id}/network-product-change/cancel: the pending change undone. */
export const useCancelNetworkProductChange = (contractId: string) =>
  useNetworkProductMutation(contractId, () =>
    api<NetworkProducts>(`${path(contractId)}/network-product-change/cancel`, { method: 'POST' }),
  );

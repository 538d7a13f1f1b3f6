import { queryOptions, useQuery } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation.ts';
import type { AddressRequestType, CustomerAddress, EditableAddressType, SaveAddressRequest } from '@portal/schema/settings';
import { api } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

export type AddressesParams = { requestType?: AddressRequestType; isWithActiveContractOnly?: boolean };

/** GET /api/me/addresses?requestType&isWithActiveContractOnly (spec §7). */
export function getAddresses(params: AddressesParams): Promise<CustomerAddress[]> {
  return api<CustomerAddress[]>('/api/me/addresses', { query: params });
}

export const addressesQueryOptions = (params: AddressesParams) =>
  queryOptions({ queryKey: queryKeys.me.addresses(params), queryFn: () => getAddresses(params) });

export const useAddresses = (params: AddressesParams) => useQuery(addressesQueryOptions(params));

/** PUT /api/me/addresses/{postal|billing}. */
export function saveAddress({ requestType, ...body }: SaveAddressRequest & { requestType: EditableAddressType }): Promise<CustomerAddress> {
  return api<CustomerAddress>(`/api/me/addresses/${requestType}`, { method: 'PUT', body });
}

export function useSaveAddress() {
  return useRefreshingMutation(queryKeys.me.addressesAll(), saveAddress);
}

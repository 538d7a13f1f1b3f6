import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutageAddress, OutageContacts, SaveOutageContactsRequest } from '@portal/schema/outage-contacts';
import { api } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

/** GET /api/me/outage-addresses (spec §7): the places of the customer's contracts in force. */
export const outageAddressesQueryOptions = queryOptions({
  queryKey: queryKeys.me.outageAddresses(),
  queryFn: () => api<OutageAddress[]>('/api/me/outage-addresses'),
});

/** GET /api/me/outage-contacts?contractId (spec §7): who is told about outages at one contract's place, and when. */
export const outageContactsQueryOptions = (contractId: string) =>
  queryOptions({
    queryKey: queryKeys.me.outageContacts(contractId),
    queryFn: () => api<OutageContacts>('/api/me/outage-contacts', { query: { contractId } }),
  });

export const useOutageAddresses = () => useQuery(outageAddressesQueryOptions);
export const useOutageContacts = (contractId: string | null) =>
  useQuery({ ...outageContactsQueryOptions(contractId ?? ''), enabled: contractId !== null });

/** PUT /api/me/outage-contacts: the contract's whole list as it should be. */
export function saveOutageContacts(body: SaveOutageContactsRequest): Promise<OutageContacts> {
  return api<OutageContacts>('/api/me/outage-contacts', { method: 'PUT', body });
}

export function useSaveOutageContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOutageContacts,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.me.outageContacts(saved.contractId), saved),
  });
}

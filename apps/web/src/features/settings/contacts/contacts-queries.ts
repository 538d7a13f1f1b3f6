import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Contact, ReplaceContactsRequest } from '@portal/schema/settings';
import { api } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

/** GET /api/me/contacts (spec §7): the acting customer's contacts. */
export function getContacts(): Promise<Contact[]> {
  return api<Contact[]>('/api/me/contacts');
}

export const contactsQueryOptions = queryOptions({ queryKey: queryKeys.me.contacts(), queryFn: getContacts });

export const useContacts = () => useQuery(contactsQueryOptions);

/** PUT /api/me/contacts: the whole list as it should be; the answer is the list as saved. */
export function replaceContacts(body: ReplaceContactsRequest): Promise<Contact[]> {
  return api<Contact[]>('/api/me/contacts', { method: 'PUT', body });
}

export function useReplaceContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceContacts,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.me.contacts(), saved),
  });
}

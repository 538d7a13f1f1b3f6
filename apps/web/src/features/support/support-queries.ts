import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactRequest, Inbox, StaffQueue, SupportSubtype, TicketDetail } from '@portal/schema/support';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** GET /api/support/subtypes?locale: the kinds of contact request, named in the page's language. */
export const subtypesQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: queryKeys.support.subtypes(locale),
    queryFn: ({ signal }) => api<SupportSubtype[]>('/api/support/subtypes', { query: { locale }, signal }),
    staleTime: 10 * 60_000,
  });

/** GET /api/me/support/tickets?locale: the acting customer's tickets with their comments. */
export const ticketsQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: queryKeys.support.tickets(locale),
    queryFn: ({ signal }) => api<TicketDetail[]>('/api/me/support/tickets', { query: { locale }, signal }),
  });

/** GET /api/me/inbox?locale: messages and the unread count the header's badge shows. */
export const inboxQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: queryKeys.support.inbox(locale),
    queryFn: ({ signal }) => api<Inbox>('/api/me/inbox', { query: { locale }, signal }),
  });

/** GET /api/staff/support/tickets: customer service's queue. */
export const queueQueryOptions = (params: { handlerGroup?: string; status: 'open' | 'closed' }) =>
  queryOptions({
    queryKey: queryKeys.support.queue(params),
    queryFn: ({ signal }) => api<StaffQueue>('/api/staff/support/tickets', { query: params, signal }),
  });

/** Every change to a ticket refreshes the tickets, the inbox and the queue. */
function useSupportMutation<Input>(call: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.support.all }),
  });
}

export const useSendContactRequest = () =>
  useSupportMutation((request: ContactRequest) => api<{ id: string }>('/api/support/send', { method: 'POST', body: request }));

export const useCommentOnTicket = () =>
  useSupportMutation(({ id, comment }: { id: string; comment: string }) =>
    api<undefined>(`/api/support/tickets/${encodeURIComponent(id)}/comments`, { method: 'POST', body: { comment } }),
  );

export const useCloseTicket = () =>
  useSupportMutation(({ id, status }: { id: string; status: 'TS3' | 'TS4' }) =>
    api<undefined>(`/api/support/tickets/${encodeURIComponent(id)}/close`, { method: 'POST', body: { status } }),
  );

export const useMarkMessageRead = () =>
  useSupportMutation((id: string) => api<undefined>(`/api/me/inbox/${encodeURIComponent(id)}/read`, { method: 'POST' }));

export const useStaffTicketAction = () =>
  useSupportMutation(({ id, action, comment }: { id: string; action: 'assign' | 'replies' | 'resolve'; comment?: string }) =>
    api<undefined>(`/api/staff/support/tickets/${encodeURIComponent(id)}/${action}`, {
      method: 'POST',
      ...(comment === undefined ? {} : { body: { comment } }),
    }),
  );

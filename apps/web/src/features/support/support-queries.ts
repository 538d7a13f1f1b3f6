import { queryOptions } from '@tanstack/react-query';
import type {
  ContactRequest,
  StaffQueue,
  SupportSubtype,
  SupportTopic,
  TicketDetail,
  TicketSatisfactionRequest,
} from '@portal/schema/support';
import { api } from '../../shared/api/api-client.ts';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { withFiles } from '../../shared/api/with-files.ts';

/** GET /api/support/subtypes?locale: the kinds of contact request, named in the page's language. */
export const subtypesQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: queryKeys.support.subtypes(locale),
    queryFn: ({ signal }) => api<SupportSubtype[]>('/api/support/subtypes', { query: { locale }, signal }),
    staleTime: 10 * 60_000,
  });

/** GET /api/support/topics?locale: what requests are about, for the guided form (ADVANCED_SUPPORT). */
export const topicsQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: queryKeys.support.topics(locale),
    queryFn: ({ signal }) => api<SupportTopic[]>('/api/support/topics', { query: { locale }, signal }),
    staleTime: 10 * 60_000,
  });

/** GET /api/me/support/tickets?locale: the acting customer's tickets with their comments. */
export const ticketsQueryOptions = (locale: string) =>
  queryOptions({
    queryKey: queryKeys.support.tickets(locale),
    queryFn: ({ signal }) => api<TicketDetail[]>('/api/me/support/tickets', { query: { locale }, signal }),
  });

/** GET /api/staff/support/tickets: customer service's queue. */
export const queueQueryOptions = (params: { handlerGroup?: string; status: 'open' | 'closed' }) =>
  queryOptions({
    queryKey: queryKeys.support.queue(params),
    queryFn: ({ signal }) => api<StaffQueue>('/api/staff/support/tickets', { query: params, signal }),
  });

export const useSendContactRequest = () =>
  useRefreshingMutation(queryKeys.support.all, ({ request, files }: { request: ContactRequest; files: File[] }) =>
    api<{ id: string }>('/api/support/send', { method: 'POST', body: withFiles(request, files) }),
  );

export const useCommentOnTicket = () =>
  useRefreshingMutation(queryKeys.support.all, ({ id, comment, files }: { id: string; comment: string; files: File[] }) =>
    api<undefined>(`/api/support/tickets/${encodeURIComponent(id)}/comments`, { method: 'POST', body: withFiles({ comment }, files) }),
  );

export const useRateTicket = () =>
  useRefreshingMutation(queryKeys.support.all, ({ id, satisfaction }: { id: string; satisfaction: TicketSatisfactionRequest }) =>
    api<undefined>(`/api/support/tickets/${encodeURIComponent(id)}/satisfaction`, { method: 'POST', body: satisfaction }),
  );

export const useCloseTicket = () =>
  useRefreshingMutation(queryKeys.support.all, ({ id, status }: { id: string; status: 'TS3' | 'TS4' }) =>
    api<undefined>(`/api/support/tickets/${encodeURIComponent(id)}/close`, { method: 'POST', body: { status } }),
  );

export const useMarkMessageRead = () =>
  useRefreshingMutation(queryKeys.support.all, (id: string) =>
    api<undefined>(`/api/me/inbox/${encodeURIComponent(id)}/read`, { method: 'POST' }),
  );

export const useStaffTicketAction = () =>
  useRefreshingMutation(queryKeys.support.all, ({ id, action }: { id: string; action: 'assign' | 'resolve' }) =>
    api<undefined>(`/api/staff/support/tickets/${encodeURIComponent(id)}/${action}`, { method: 'POST' }),
  );

export const useStaffReply = () =>
  useRefreshingMutation(queryKeys.support.all, ({ id, comment, files }: { id: string; comment: string; files: File[] }) =>
    api<undefined>(`/api/staff/support/tickets/${encodeURIComponent(id)}/replies`, { method: 'POST', body: withFiles({ comment }, files) }),
  );

/** Where a ticket's file is downloaded: the customer's own call, or customer service's. */
export const attachmentUrl = (side: 'customer' | 'staff', ticketId: string, attachmentId: string) =>
  `/api/${side === 'staff' ? 'staff/' : ''}support/tickets/${encodeURIComponent(ticketId)}/attachments/${encodeURIComponent(attachmentId)}`;

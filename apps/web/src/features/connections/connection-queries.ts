import { queryOptions } from '@tanstack/react-query';
import type {
  ConnectionPlace,
  ConnectionRequestCreate,
  ConnectionRequestDetail,
  ConnectionRequestTransition,
  StaffConnectionRequest,
} from '@portal/schema/connection-requests';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation.ts';
import { withFiles } from '../../shared/api/with-files.ts';

/** GET /api/connection-requests/places: the acting customer's electricity metering points, the form's choices. */
export const placesQueryOptions = queryOptions({
  queryKey: queryKeys.connections.places(),
  queryFn: ({ signal }) => api<ConnectionPlace[]>('/api/connection-requests/places', { signal }),
});

/** GET /api/connection-requests: the acting customer's requests, newest first, with their history. */
export const myRequestsQueryOptions = queryOptions({
  queryKey: queryKeys.connections.mine(),
  queryFn: ({ signal }) => api<ConnectionRequestDetail[]>('/api/connection-requests', { signal }),
});

/** GET /api/staff/connection-requests?status: customer service's queue of this site. */
export const queueQueryOptions = (status: 'open' | 'closed') =>
  queryOptions({
    queryKey: queryKeys.connections.queue(status),
    queryFn: ({ signal }) => api<StaffConnectionRequest[]>('/api/staff/connection-requests', { query: { status }, signal }),
  });

const requestPath = (id: string) => `/api/connection-requests/${encodeURIComponent(id)}`;

export const useSendConnectionRequest = () =>
  useRefreshingMutation(queryKeys.connections.all, ({ request, files }: { request: ConnectionRequestCreate; files: File[] }) =>
    api<ConnectionRequestDetail>('/api/connection-requests', { method: 'POST', body: withFiles(request, files) }),
  );

export const useAddInformation = () =>
  useRefreshingMutation(queryKeys.connections.all, ({ id, message, files }: { id: string; message: string; files: File[] }) =>
    api<ConnectionRequestDetail>(`${requestPath(id)}/messages`, { method: 'POST', body: withFiles({ message }, files) }),
  );

export const useWithdrawRequest = () =>
  useRefreshingMutation(queryKeys.connections.all, (id: string) =>
    api<ConnectionRequestDetail>(`${requestPath(id)}/withdraw`, { method: 'POST' }),
  );

export const useMoveRequest = () =>
  useRefreshingMutation(
    queryKeys.connections.all,
    ({ id, transition, files }: { id: string; transition: ConnectionRequestTransition; files: File[] }) =>
      api<StaffConnectionRequest>(`/api/staff/connection-requests/${encodeURIComponent(id)}/transitions`, {
        method: 'POST',
        body: withFiles(transition, files),
      }),
  );

/** Where a request's file is downloaded: the customer's own call, or customer service's. */
export const connectionFileUrl = (side: 'customer' | 'staff', requestId: string, attachmentId: string) =>
  `/api/${side === 'staff' ? 'staff/' : ''}connection-requests/${encodeURIComponent(requestId)}/attachments/${encodeURIComponent(attachmentId)}`;

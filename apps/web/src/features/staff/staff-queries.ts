import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation.ts';
import type { CustomerSearchPage, CustomerSummary, RecentCustomer } from '@portal/schema/customer-search';
import type { ErasureOutcome, StaffErasureRequest } from '@portal/schema/erasure';
import type { StaffQueue } from '@portal/schema/support';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

/** GET /api/staff/customers?q&page: customers of this site, best match first (typo tolerant). */
export const customerSearchQueryOptions = (params: { q: string; page: number }) =>
  queryOptions({
    queryKey: queryKeys.staff.search(params),
    queryFn: ({ signal }) => api<CustomerSearchPage>('/api/staff/customers', { query: params, signal }),
    // The next page keeps the current one on screen until it arrives, so the list does not jump.
    placeholderData: keepPreviousData,
  });

/** GET /api/staff/customers/{clientCode}: the card staff check before acting. */
export const customerCardQueryOptions = (clientCode: string) =>
  queryOptions({
    queryKey: queryKeys.staff.card(clientCode),
    queryFn: ({ signal }) => api<CustomerSummary>(`/api/staff/customers/${encodeURIComponent(clientCode)}`, { signal }),
  });

/** GET /api/staff/recent-customers: whom this staff member last opened or acted for. */
export const recentCustomersQueryOptions = queryOptions({
  queryKey: queryKeys.staff.recent(),
  queryFn: ({ signal }) => api<RecentCustomer[]>('/api/staff/recent-customers', { signal }),
});

/** GET /api/staff/support/tickets?status=open: the support queue, for its count per handler group (SUPPORT sites). */
export const openTicketsQueryOptions = queryOptions({
  queryKey: queryKeys.support.queue({ status: 'open' }),
  queryFn: ({ signal }) => api<StaffQueue>('/api/staff/support/tickets', { query: { status: 'open' }, signal }),
});

/** GET /api/staff/erasure-requests: this site's requests to close an account that wait to be carried out. */
export const erasureRequestsQueryOptions = queryOptions({
  queryKey: queryKeys.staff.erasureRequests(),
  queryFn: ({ signal }) => api<StaffErasureRequest[]>('/api/staff/erasure-requests', { signal }),
});

/** POST /api/staff/erasure-requests/{id}/carry-out: the customer forgotten, bookkeeping kept; the queue read again. */
export function useCarryOutErasure() {
  return useRefreshingMutation(queryKeys.staff.all, (id: string) =>
    api<ErasureOutcome>(`/api/staff/erasure-requests/${encodeURIComponent(id)}/carry-out`, { method: 'POST' }),
  );
}

import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { DataAccessPage } from '@portal/schema/data-access';
import { api } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';

/** GET /api/me/data-access?page: when customer service opened or changed the acting customer's data. */
export const dataAccessQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.me.dataAccess(page),
    queryFn: ({ signal }) => api<DataAccessPage>('/api/me/data-access', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

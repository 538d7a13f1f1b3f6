import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditPage, AuditQuery } from '@portal/schema/admin';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { toQueryString } from '../../shared/api/query-string.ts';
import { adminSiteBase } from './site-settings-queries.ts';

export type AuditFilter = Omit<AuditQuery, 'page'>;

/** GET /api/admin/site/{siteId}/audit: one page of the site's audit log, newest first. */
export const auditPageQueryOptions = (siteId: string, filter: AuditFilter, page: number) =>
  queryOptions({
    queryKey: queryKeys.admin.audit(siteId, { ...filter, page }),
    queryFn: ({ signal }) => api<AuditPage>(`${adminSiteBase(siteId)}/audit`, { query: { ...filter, page }, signal }),
    placeholderData: keepPreviousData,
  });

/** The CSV of every line the filter matches: the server streams it, so it is a plain link the browser downloads. */
export const auditCsvUrl = (siteId: string, filter: AuditFilter) => {
  const query = toQueryString(filter);
  return `${adminSiteBase(siteId)}/audit.csv${query ? `?${query}` : ''}`;
};

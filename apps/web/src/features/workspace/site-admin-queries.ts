import { queryOptions } from '@tanstack/react-query';
import type { SiteBootstrap } from '@portal/schema/site';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

type SiteLocale = SiteBootstrap['locales'][number];

/** GET /api/admin/site/{siteId}/locales: the site's locales in order (site administrators only). */
export const siteLocalesQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.siteLocales(siteId),
    queryFn: ({ signal }) => api<SiteLocale[]>(`/api/admin/site/${encodeURIComponent(siteId)}/locales`, { signal }),
  });

/** GET /api/admin/site/{siteId}/domains: the host names that serve the site. */
export const siteDomainsQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.siteDomains(siteId),
    queryFn: ({ signal }) => api<string[]>(`/api/admin/site/${encodeURIComponent(siteId)}/domains`, { signal }),
  });

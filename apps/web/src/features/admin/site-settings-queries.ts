import { queryOptions } from '@tanstack/react-query';
import type {
  AdminSiteSettings,
  ExternalServicesUpdateRequest,
  FeaturesUpdateRequest,
  MetaFieldsUpdateRequest,
  SiteLocalesUpdateRequest,
  SiteUpdateRequest,
} from '@portal/schema/admin';
import type { PayeeDetails, SitePayee } from '@portal/schema/payee';
import type { SiteBootstrap } from '@portal/schema/site';
import { api } from '../../shared/api/api-client.ts';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';

export const adminSiteBase = (siteId: string) => `/api/admin/site/${encodeURIComponent(siteId)}`;

/** GET /api/admin/site/{siteId}: the site's settings as stored, for the site page. */
export const siteSettingsQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.settings(siteId),
    queryFn: ({ signal }) => api<AdminSiteSettings>(adminSiteBase(siteId), { signal }),
  });

export const useUpdateSite = (siteId: string) =>
  useRefreshingMutation(queryKeys.admin.site(siteId), (update: SiteUpdateRequest) =>
    api<AdminSiteSettings>(adminSiteBase(siteId), { method: 'PATCH', body: update }),
  );

export const useUpdateSiteLocales = (siteId: string) =>
  useRefreshingMutation(queryKeys.admin.site(siteId), (update: SiteLocalesUpdateRequest) =>
    api<SiteBootstrap['locales']>(`${adminSiteBase(siteId)}/locales`, { method: 'PUT', body: update }),
  );

export const useAddDomain = (siteId: string) =>
  useRefreshingMutation(queryKeys.admin.site(siteId), (host: string) =>
    api<string[]>(`${adminSiteBase(siteId)}/domains`, { method: 'POST', body: { host } }),
  );

export const useRemoveDomain = (siteId: string) =>
  useRefreshingMutation(queryKeys.admin.site(siteId), (host: string) =>
    api<string[]>(`${adminSiteBase(siteId)}/domains/${encodeURIComponent(host)}`, { method: 'DELETE' }),
  );

export const useUpdateMetaFields = (siteId: string) =>
  useRefreshingMutation(queryKeys.admin.site(siteId), (update: MetaFieldsUpdateRequest) =>
    api<AdminSiteSettings>(`${adminSiteBase(siteId)}/meta-fields`, { method: 'PUT', body: update }),
  );

export const useUpdateFeatures = (siteId: string) =>
  useRefreshingMutation(queryKeys.admin.site(siteId), (update: FeaturesUpdateRequest) =>
    api<AdminSiteSettings>(`${adminSiteBase(siteId)}/features`, { method: 'PUT', body: update }),
  );

export const useUpdateExternalServices = (siteId: string) =>
  useRefreshingMutation(queryKeys.admin.site(siteId), (update: ExternalServicesUpdateRequest) =>
    api<AdminSiteSettings>(`${adminSiteBase(siteId)}/external-services`, { method: 'PUT', body: update }),
  );

/** GET /api/admin/site/{siteId}/payee: the seller and payee details invoices print, with the site's country. */
export const payeeQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: queryKeys.admin.payee(siteId),
    queryFn: ({ signal }) => api<SitePayee>(`${adminSiteBase(siteId)}/payee`, { signal }),
  });

export const useUpdatePayee = (siteId: string) =>
  useRefreshingMutation(queryKeys.admin.site(siteId), (update: PayeeDetails) =>
    api<SitePayee>(`${adminSiteBase(siteId)}/payee`, { method: 'PUT', body: update }),
  );

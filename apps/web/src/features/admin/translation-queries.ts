import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation.ts';
import type { AdminTranslations } from '@portal/schema/admin';
import { api } from '../../shared/api/api-client.ts';
import { queryKeys } from '../../shared/api/query-keys.ts';
import { adminSiteBase } from './site-settings-queries.ts';

/** GET /api/admin/site/{siteId}/translations?locale: every web text of a locale with the site's overrides. */
export const siteTranslationsQueryOptions = (siteId: string, locale: string) =>
  queryOptions({
    queryKey: queryKeys.admin.translations(siteId, locale),
    queryFn: ({ signal }) => api<AdminTranslations>(`${adminSiteBase(siteId)}/translations`, { query: { locale }, signal }),
  });

/** PATCH .../translations?locale: new texts, or null to go back to the shipped one; the answer is the new list. */
export function useSaveTranslations(siteId: string, locale: string) {
  const queryClient = useQueryClient();
  return useRefreshingMutation(
    queryKeys.admin.site(siteId),
    (translations: Record<string, string | null>) =>
      api<AdminTranslations>(`${adminSiteBase(siteId)}/translations`, { method: 'PATCH', query: { locale }, body: { translations } }),
    { onSuccess: (saved) => queryClient.setQueryData(queryKeys.admin.translations(siteId, locale), saved) },
  );
}

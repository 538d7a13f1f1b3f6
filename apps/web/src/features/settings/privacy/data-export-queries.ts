import { queryOptions, useMutation } from '@tanstack/react-query';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation.ts';
import type { DataExportView } from '@portal/schema/data-export';
import { api, downloadFile } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { saveFile } from '../../../shared/files/save-file.ts';

/** GET /api/me/data-exports: the customer's copies of their data; looked at again every few seconds while one is made. */
export const dataExportsQueryOptions = queryOptions({
  queryKey: queryKeys.me.dataExports(),
  queryFn: ({ signal }) => api<DataExportView[]>('/api/me/data-exports', { signal }),
  refetchInterval: (query) => (query.state.data?.some((copy) => copy.status === 'queued') ? 5000 : false),
});

/** POST /api/me/data-exports: a job makes the copy; the list shows it being made. */
export function useRequestDataExport() {
  return useRefreshingMutation(queryKeys.me.dataExports(), () => api<DataExportView>('/api/me/data-exports', { method: 'POST' }));
}

/** GET /api/me/data-exports/{id}/download: the ZIP, saved under the server's name. */
export function useDownloadDataExport() {
  return useMutation({
    mutationFn: async (id: string) => {
      const file = await downloadFile(`/api/me/data-exports/${encodeURIComponent(id)}/download`);
      if (file) saveFile(file);
    },
  });
}

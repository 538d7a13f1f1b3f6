import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../shared/api/api-client.ts';
import { saveFile } from '../../shared/files/save-file.ts';

/** GET /api/contracts/{id}/download: the contract PDF, saved under the server's file name (spec §7). */
export async function downloadContract(id: string): Promise<boolean> {
  const file = await downloadFile(`/api/contracts/${encodeURIComponent(id)}/download`);
  if (!file) return false;
  saveFile(file);
  return true;
}

/** Spec §8: 204 is reported as not found; other failures take the shared api-error path. */
export function useDownloadContract() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: downloadContract,
    onSuccess: (found) => {
      if (!found) notifications.show({ id: 'contract-download-not-found', color: 'yellow', message: t('contracts.download.not-found') });
    },
  });
}

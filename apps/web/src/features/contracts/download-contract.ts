import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../shared/api/api-client.ts';

/** GET /api/contracts/{id}/download: the contract PDF, saved under the server's file name (spec §7). */
export async function downloadContract(id: string): Promise<boolean> {
  const file = await downloadFile(`/api/contracts/${encodeURIComponent(id)}/download`);
  if (!file) return false;
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the object URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
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

import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../shared/api/api-client.ts';
import { saveFile } from '../../shared/files/save-file.ts';

export type InvoiceFileKind = 'pdf' | 'csv';

/** GET /api/invoices/{id}/download (PDF) or /download/csv: saved under the server's file name (spec §7). */
export async function downloadInvoice(id: string, kind: InvoiceFileKind): Promise<boolean> {
  const file = await downloadFile(`/api/invoices/${encodeURIComponent(id)}/download${kind === 'csv' ? '/csv' : ''}`);
  if (!file) return false;
  saveFile(file);
  return true;
}

/** Spec §8: 204 is reported as not found; other failures take the shared api-error path. */
export function useDownloadInvoice() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ id, kind }: { id: string; kind: InvoiceFileKind }) => downloadInvoice(id, kind),
    onSuccess: (found) => {
      if (!found) notifications.show({ id: 'invoice-download-not-found', color: 'yellow', message: t('invoices.download.not-found') });
    },
  });
}

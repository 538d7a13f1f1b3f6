import { Anchor, Group } from '@mantine/core';
import { IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TicketAttachment } from '@portal/schema/support';

/** A size as people read it: kilobytes below a megabyte, megabytes with one decimal above. */
export function fileSize(bytes: number, locale: string): string {
  const format = (value: number, digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  return bytes < 1024 * 1024 ? `${format(Math.max(1, Math.round(bytes / 1024)), 0)} kB` : `${format(bytes / (1024 * 1024), 1)} MB`;
}

/**
 * Files sent with a support ticket, a comment or a connection request, each a link that downloads it (the server sends
 * every file as a download, never to be shown or run in the page: docs/decisions/055). `hrefOf` names the file's call.
 */
export function AttachmentList({ files, hrefOf }: { files: TicketAttachment[]; hrefOf: (file: TicketAttachment) => string }) {
  const { t, i18n } = useTranslation();
  if (files.length === 0) return null;
  return (
    <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('support.files.attached')}>
      {files.map((file) => {
        const Icon = file.contentType === 'application/pdf' ? IconFileTypePdf : IconPhoto;
        return (
          <li key={file.id}>
            <Anchor href={hrefOf(file)} download={file.fileName} size="sm">
              <Group gap={4} wrap="nowrap" component="span">
                <Icon size={16} aria-hidden />
                <span>
                  {file.fileName} ({fileSize(file.sizeBytes, i18n.language)})
                </span>
              </Group>
            </Anchor>
          </li>
        );
      })}
    </Group>
  );
}

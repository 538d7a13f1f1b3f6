import { FileInput } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ATTACHMENT_ACCEPT, ATTACHMENT_TYPES, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '@portal/schema/support';

const MEGABYTES = MAX_ATTACHMENT_BYTES / (1024 * 1024);
const EXTENSIONS = /\.(png|jpe?g|webp|pdf)$/i;

/**
 * What the browser can tell before sending (docs/decisions/055): how many files, how large, and whether the name or
 * declared type is one of the accepted kinds. The server judges each file by its content again.
 */
export function attachmentError(files: readonly File[], t: TFunction): string | null {
  if (files.length > MAX_ATTACHMENTS) return t('support.files.too-many', { count: MAX_ATTACHMENTS });
  const large = files.find((file) => file.size > MAX_ATTACHMENT_BYTES);
  if (large) return t('support.files.too-large', { name: large.name, size: MEGABYTES });
  const other = files.find((file) => !(ATTACHMENT_TYPES as readonly string[]).includes(file.type) && !EXTENSIONS.test(file.name));
  if (other) return t('support.files.wrong-type', { name: other.name });
  return null;
}

type Props = { value?: File[]; onChange?: (files: File[]) => void; error?: React.ReactNode; label?: string };

/** The file picker of the support and connection-request forms: images and PDF, up to five files of 5 MB each, as the description says. */
export function AttachmentPicker({ value = [], onChange, error, label }: Props) {
  const { t } = useTranslation();
  return (
    <FileInput
      multiple
      clearable
      accept={ATTACHMENT_ACCEPT}
      label={label ?? t('support.files.label')}
      description={t('support.files.description', { count: MAX_ATTACHMENTS, size: MEGABYTES })}
      placeholder={t('support.files.placeholder')}
      leftSection={<IconPaperclip size={16} aria-hidden />}
      value={value}
      onChange={onChange}
      error={error}
      clearButtonProps={{ 'aria-label': t('support.files.clear') }}
      // Mantine's placeholder grey is too faint on the themes' inputs (axe colour contrast); it is an instruction here.
      styles={{ placeholder: { color: 'var(--mantine-color-text)' } }}
    />
  );
}

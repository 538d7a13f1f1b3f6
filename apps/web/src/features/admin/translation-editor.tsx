import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { AdminTranslationEntry } from '@portal/schema/admin';
import { icuProblem } from '@portal/schema/icu-message';
import { previewMessage } from './icu-preview.ts';

type Props = {
  entry: AdminTranslationEntry;
  locale: string;
  saving: boolean;
  onSave: (text: string) => void;
  onRevert: () => void;
  onCancel: () => void;
};

/**
 * One text of the site: the shipped text beside the override being written, its ICU syntax checked as it is typed
 * (the server checks again), and a preview of what a page shows with sample values.
 */
export function TranslationEditor({ entry, locale, saving, onSave, onRevert, onCancel }: Props) {
  const { t } = useTranslation();
  const shipped = entry.defaultText ?? entry.fallbackText;
  const problemOf = (text: string) => {
    const problem = icuProblem(text, shipped);
    if (!problem) return null;
    return problem.kind === 'syntax'
      ? t('admin.translations.icu-error', { detail: problem.detail })
      : t('admin.translations.unknown-argument', { name: problem.detail });
  };
  const form = useForm({
    initialValues: { text: entry.override ?? shipped },
    validate: { text: (text) => (text.trim() === '' ? t('admin.translations.empty') : problemOf(text)) },
    validateInputOnChange: true,
  });
  const text = form.getValues().text;
  const preview = problemOf(text) ? null : previewMessage(text, locale);
  return (
    <form onSubmit={form.onSubmit((values) => onSave(values.text))} noValidate>
      <Stack gap="sm">
        <Text size="sm" ff="monospace" c="dimmed">
          {entry.key}
        </Text>
        <Paper withBorder p="sm" radius="sm">
          <Text size="xs" c="dimmed" fw={600}>
            {entry.defaultText === null ? t('admin.translations.missing-default') : t('admin.translations.default')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {shipped}
          </Text>
        </Paper>
        <Textarea label={t('admin.translations.override')} rows={4} data-autofocus {...form.getInputProps('text')} />
        <Paper withBorder p="sm" radius="sm" aria-live="polite">
          <Text size="xs" c="dimmed" fw={600}>
            {t('admin.translations.preview')}
          </Text>
          {preview !== null ? (
            <Text size="sm" data-testid="translation-preview" style={{ whiteSpace: 'pre-wrap' }}>
              {preview}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t('admin.translations.no-preview')}
            </Text>
          )}
        </Paper>
        {entry.override !== null && (
          <Alert variant="light" color="blue">
            {t('admin.translations.overridden')}
          </Alert>
        )}
        <Group justify="space-between">
          {entry.override !== null ? (
            <Button variant="subtle" color="red" onClick={onRevert} disabled={saving}>
              {t('admin.translations.revert')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onCancel}>
              {t('admin.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('admin.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

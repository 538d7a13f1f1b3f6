import { Button, Group, SegmentedControl, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { metaFieldsUpdateRequest, type AdminSiteSettings } from '@portal/schema/admin';
import type { LocaleId } from '@portal/schema/locale-ids';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';
import { SettingsSection } from './settings-section.tsx';
import { useUpdateMetaFields } from './site-settings-queries.ts';

/** Spec §2: the site title (TITLE) of each language, shown after every page title, and its description. */
export function SiteMetaSection({ siteId, settings }: { siteId: string; settings: AdminSiteSettings }) {
  const { t } = useTranslation();
  const [localeId, setLocaleId] = useState<LocaleId>(settings.defaultLocaleId);
  const shown = settings.locales.some(({ id }) => id === localeId) ? localeId : settings.locales[0]!.id;
  const field = (name: string) => settings.metaFields.find((meta) => meta.localeId === shown && meta.name === name)?.content ?? '';
  return (
    <SettingsSection id="admin-meta" title={t('admin.meta.title')} description={t('admin.meta.description')}>
      <SegmentedControl
        aria-label={t('admin.meta.locale')}
        value={shown}
        onChange={(value) => setLocaleId(value)}
        data={settings.locales.map(({ id, name }) => ({ value: id, label: name }))}
      />
      <MetaForm
        key={`${shown}:${field('TITLE')}:${field('DESCRIPTION')}`}
        siteId={siteId}
        localeId={shown}
        title={field('TITLE')}
        description={field('DESCRIPTION')}
      />
    </SettingsSection>
  );
}

function MetaForm({ siteId, localeId, title, description }: { siteId: string; localeId: LocaleId; title: string; description: string }) {
  const { t } = useTranslation();
  const update = useUpdateMetaFields(siteId);
  const form = useForm({
    initialValues: { title, description },
    validate: (values) => zodFormResolver(metaFieldsUpdateRequest, () => t('admin.meta.too-long'))({ localeId, ...values }),
  });
  const submit = form.onSubmit((values) =>
    update.mutate(
      { localeId, ...values },
      { onSuccess: () => notifications.show({ color: 'green', message: t('admin.saved-next-load') }) },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={t('admin.meta.site-title')} maxLength={80} {...form.getInputProps('title')} />
        <Textarea label={t('admin.meta.site-description')} rows={3} maxLength={300} {...form.getInputProps('description')} />
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            {t('admin.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

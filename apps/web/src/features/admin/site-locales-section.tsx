import { Button, Group, MultiSelect, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { siteLocalesUpdateRequest } from '@portal/schema/admin';
import { LOCALE_IDS, LOCALE_NAMES, type LocaleId } from '@portal/schema/locale-ids';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';
import { SettingsSection } from './settings-section.tsx';
import { useUpdateSiteLocales } from './site-settings-queries.ts';

type Values = { locales: LocaleId[]; defaultLocaleId: LocaleId | null };

/** The site's languages in the order the language switcher shows them, and the one a newcomer gets. */
export function SiteLocalesSection({
  siteId,
  locales,
  defaultLocaleId,
}: {
  siteId: string;
  locales: LocaleId[];
  defaultLocaleId: LocaleId;
}) {
  const { t } = useTranslation();
  const update = useUpdateSiteLocales(siteId);
  const form = useForm<Values>({
    initialValues: { locales, defaultLocaleId },
    validate: zodFormResolver(siteLocalesUpdateRequest, (issue) =>
      issue.path[0] === 'defaultLocaleId' ? t('admin.locales.default-invalid') : t('admin.locales.required'),
    ),
  });
  const chosen = form.getValues().locales;
  const submit = form.onSubmit((values) =>
    update.mutate(
      { locales: values.locales, defaultLocaleId: values.defaultLocaleId! },
      {
        onSuccess: () => {
          form.resetDirty();
          notifications.show({ color: 'green', message: t('admin.saved-next-load') });
        },
      },
    ),
  );
  return (
    <SettingsSection id="admin-locales" title={t('admin.locales.title')} description={t('admin.locales.description')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <MultiSelect
            label={t('admin.locales.label')}
            data={LOCALE_IDS.map((id) => ({ value: id, label: LOCALE_NAMES[id] }))}
            {...form.getInputProps('locales')}
          />
          <Select
            label={t('admin.locales.default')}
            data={chosen.map((id) => ({ value: id, label: LOCALE_NAMES[id] }))}
            allowDeselect={false}
            maw={320}
            {...form.getInputProps('defaultLocaleId')}
          />
          <Group>
            <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
              {t('admin.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}

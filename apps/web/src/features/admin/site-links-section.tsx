import { ActionIcon, Button, Group, Select, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { externalServicesUpdateRequest, type AdminSiteSettings, type ExternalServicesUpdateRequest } from '@portal/schema/admin';
import { linkKind } from '@portal/schema/enums';
import type { LocaleId } from '@portal/schema/locale-ids';
import { contactLinkType } from '@portal/schema/site';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';
import { SettingsSection } from './settings-section.tsx';
import { useUpdateExternalServices } from './site-settings-queries.ts';

type Row = { type: string; url: string; label: string; localeId: string };
type Values = { contactLinks: Row[]; links: Row[] };
type ListName = keyof Values;

const SERVICE_TYPES = ['HOME_PAGE', ...linkKind.options];
const ALL_LOCALES = '';

const toRows = (links: AdminSiteSettings['links'] | AdminSiteSettings['contactLinks']): Row[] =>
  links.map((link) => ({ type: link.type, url: link.url, label: link.label ?? '', localeId: link.localeId ?? ALL_LOCALES }));
const toRequest = (values: Values) => {
  const toLink = (row: Row) => ({
    type: row.type,
    url: row.url.trim(),
    label: row.label.trim() || null,
    localeId: (row.localeId || null) as LocaleId | null,
  });
  return { contactLinks: values.contactLinks.map(toLink), links: values.links.map(toLink) } as ExternalServicesUpdateRequest;
};

/** The footer's contact row (phone, e-mail, address, website) and its link row (home page, privacy, terms, support). */
export function SiteLinksSection({ siteId, settings }: { siteId: string; settings: AdminSiteSettings }) {
  const { t } = useTranslation();
  const update = useUpdateExternalServices(siteId);
  const form = useForm<Values>({
    initialValues: { contactLinks: toRows(settings.contactLinks), links: toRows(settings.links) },
    validate: (values) =>
      zodFormResolver(externalServicesUpdateRequest, (issue) =>
        issue.path.at(-1) === 'url'
          ? t('admin.links.url-invalid')
          : issue.path.length === 0
            ? t('admin.links.twice')
            : t('admin.links.invalid'),
      )(toRequest(values)),
  });
  const localeOptions = [
    { value: ALL_LOCALES, label: t('admin.links.every-locale') },
    ...settings.locales.map(({ id, name }) => ({ value: id, label: name })),
  ];
  const submit = form.onSubmit((values) =>
    update.mutate(toRequest(values), {
      onSuccess: () => {
        form.resetDirty();
        notifications.show({ color: 'green', message: t('admin.saved-next-load') });
      },
    }),
  );
  const rootError = form.errors[''];

  const table = (list: ListName, types: string[], caption: string) => (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="xs" aria-label={caption}>
          <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>{caption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.links.type')}</Table.Th>
              <Table.Th>{t('admin.links.url')}</Table.Th>
              <Table.Th>{t('admin.links.text')}</Table.Th>
              <Table.Th>{t('admin.links.locale')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('admin.links.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {form.getValues()[list].map((_, index) => (
              <Table.Tr key={form.key(`${list}.${index}`)}>
                <Table.Td>
                  <Select
                    aria-label={t('admin.links.row-field', { field: t('admin.links.type'), number: index + 1 })}
                    data={types.map((type) => ({ value: type, label: t(`admin.link-type.${type}`) }))}
                    allowDeselect={false}
                    key={form.key(`${list}.${index}.type`)}
                    {...form.getInputProps(`${list}.${index}.type`)}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={t('admin.links.row-field', { field: t('admin.links.url'), number: index + 1 })}
                    key={form.key(`${list}.${index}.url`)}
                    {...form.getInputProps(`${list}.${index}.url`)}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={t('admin.links.row-field', { field: t('admin.links.text'), number: index + 1 })}
                    key={form.key(`${list}.${index}.label`)}
                    {...form.getInputProps(`${list}.${index}.label`)}
                  />
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={t('admin.links.row-field', { field: t('admin.links.locale'), number: index + 1 })}
                    data={localeOptions}
                    allowDeselect={false}
                    key={form.key(`${list}.${index}.localeId`)}
                    {...form.getInputProps(`${list}.${index}.localeId`)}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('admin.links.row-field', { field: t('admin.links.remove'), number: index + 1 })}
                    onClick={() => form.removeListItem(list, index)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.insertListItem(list, { type: types[0]!, url: 'https://', label: '', localeId: ALL_LOCALES })}
        >
          {t('admin.links.add')}
        </Button>
      </Group>
    </Stack>
  );

  return (
    <SettingsSection id="admin-links" title={t('admin.links.title')} description={t('admin.links.description')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          {table('contactLinks', contactLinkType.options, t('admin.links.contact'))}
          {table('links', SERVICE_TYPES, t('admin.links.services'))}
          {rootError && (
            <Text c="red" size="sm" role="alert">
              {rootError}
            </Text>
          )}
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

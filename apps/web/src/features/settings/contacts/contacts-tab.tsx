import { ActionIcon, Button, Card, Checkbox, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { contactMethod } from '@portal/schema/enums';
import { MAX_CONTACTS, replaceContactsRequest, type Contact } from '@portal/schema/settings';
import { ApiError } from '../../../shared/api/api-error.ts';
import { zodFormResolver } from '../../../shared/forms/zod-form-resolver.ts';
import { useActorInfo } from '../../../shared/auth/actor-info.ts';
import { useProfile } from '../../../shared/auth/profile.ts';
import { useContacts, useReplaceContacts } from './contacts-queries.ts';
import { useLeavePageGuard } from '../../../shared/forms/use-leave-page-guard.ts';
import { useFormDraft } from '../../../shared/forms/use-form-draft.ts';
import { LoadState } from '../../../shared/ui/load-state.tsx';

type Row = { key: string; id?: number; name: string; method: Contact['method']; value: string; primary: boolean };

const rowsOf = (contacts: Contact[]): Row[] => contacts.map((item) => ({ ...item, key: `saved-${item.id}` }));

/** The acting customer's e-mail addresses and phone numbers, edited as one list and saved at once. */
export function ContactsTab() {
  const query = useContacts();
  const contacts = query.data;
  const info = useActorInfo({ enabled: true }).data;
  // What the person's profile holds is on file too; a company that staff act for has no personal profile.
  const company = info?.actingAs === 'staff' && info.customer?.type === 'legal';
  const profile = useProfile({ enabled: !!info && !company && contacts?.length === 0 });
  if (!contacts) return <LoadState query={query} height={200} />;
  const onFile = [profile.data?.email, profile.data?.phone].filter((value): value is string => !!value);
  return <ContactsForm contacts={contacts} onFile={onFile} />;
}

function ContactsForm({ contacts, onFile }: { contacts: Contact[]; onFile: string[] }) {
  const { t } = useTranslation();
  const replace = useReplaceContacts();
  const form = useForm<{ contacts: Row[] }>({
    initialValues: { contacts: rowsOf(contacts) },
    validate: zodFormResolver(replaceContactsRequest, (issue) => {
      if (issue.path.at(-1) === 'primary') return t('settings.contacts.error.primary');
      if (issue.message === 'the same contact is listed twice') return t('settings.contacts.error.duplicate');
      return t('settings.contacts.error.value');
    }),
  });
  useLeavePageGuard(form.isDirty());
  const { clearDraft } = useFormDraft(form, 'contacts');

  const submit = form.onSubmit((values) =>
    replace.mutate(
      {
        contacts: values.contacts.map(({ id, name, method, value, primary }) => ({ ...(id ? { id } : {}), name, method, value, primary })),
      },
      {
        onSuccess: (saved) => {
          clearDraft();
          form.setInitialValues({ contacts: rowsOf(saved) });
          form.setValues({ contacts: rowsOf(saved) });
          notifications.show({ color: 'green', message: t('settings.contacts.saved') });
        },
        onError: (failure) => {
          // The server names the contact it refused: "contacts.2.value: …".
          const index = failure instanceof ApiError ? /^contacts\.(\d+)\.value/.exec(failure.message)?.[1] : undefined;
          if (index === undefined) return;
          const message = failure instanceof ApiError && failure.code === 'CONTACT_DUPLICATE' ? 'duplicate' : 'value';
          form.setFieldError(`contacts.${index}.value`, t(`settings.contacts.error.${message}`));
        },
      },
    ),
  );

  const methods = contactMethod.options.map((method) => ({ value: method, label: t(`settings.contacts.method.${method}`) }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {t('settings.contacts.title')}
          </Title>
          <Text c="dimmed">{t('settings.contacts.description')}</Text>
        </Stack>
        {form.values.contacts.length === 0 && (
          <Text>{onFile.length > 0 ? t('settings.contacts.on-file', { contacts: onFile.join(', ') }) : t('settings.contacts.empty')}</Text>
        )}
        {form.values.contacts.map((row, index) => {
          const number = index + 1;
          return (
            <Card key={row.key} withBorder padding="md" component="fieldset" aria-label={t('settings.contacts.row', { number })}>
              <Group align="flex-end" gap="sm" wrap="wrap">
                <Select
                  label={t('settings.contacts.method')}
                  data={methods}
                  allowDeselect={false}
                  w={140}
                  {...form.getInputProps(`contacts.${index}.method`)}
                />
                <TextInput
                  label={t('settings.contacts.value')}
                  style={{ flex: '2 1 14rem' }}
                  required
                  {...form.getInputProps(`contacts.${index}.value`)}
                />
                <TextInput
                  label={t('settings.contacts.name')}
                  style={{ flex: '1 1 10rem' }}
                  {...form.getInputProps(`contacts.${index}.name`)}
                />
                <Checkbox
                  label={t('settings.contacts.primary')}
                  mb={8}
                  {...form.getInputProps(`contacts.${index}.primary`, { type: 'checkbox' })}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={2}
                  aria-label={t('settings.contacts.remove', { number })}
                  onClick={() => form.removeListItem('contacts', index)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            </Card>
          );
        })}
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={form.values.contacts.length >= MAX_CONTACTS}
            onClick={() =>
              form.insertListItem('contacts', {
                key: crypto.randomUUID(),
                name: '',
                method: 'Email',
                value: '',
                primary: false,
              } satisfies Row)
            }
          >
            {t('settings.contacts.add')}
          </Button>
          <Button type="submit" loading={replace.isPending}>
            {t('settings.contacts.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { ActionIcon, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { outageContactMethod, outageNotificationTiming } from '@portal/schema/enums';
import { MAX_OUTAGE_CONTACTS, saveOutageContactsRequest, type OutageContact } from '@portal/schema/outage-contacts';
import { ApiError } from '../../../shared/api/api-error.ts';
import { useFormDraft } from '../../../shared/forms/use-form-draft.ts';
import { useLeavePageGuard } from '../../../shared/forms/use-leave-page-guard.ts';
import { zodFormResolver } from '../../../shared/forms/zod-form-resolver.ts';
import { useOutageAddresses, useOutageContacts, useSaveOutageContacts } from './outage-contacts-queries.ts';
import { LoadState } from '../../../shared/ui/load-state.tsx';

type Row = { key: string; method: OutageContact['method']; value: string; timing: OutageContact['timing'] };
const rowsOf = (contacts: OutageContact[]): Row[] =>
  contacts.map((contact, index) => ({ key: `saved-${index}`, method: contact.method, value: contact.value ?? '', timing: contact.timing }));

/**
 * Spec §2 outage-contacts tab (SETTINGS_OUTAGE_CONTACTS on a site with OUTAGES): per place of a contract in force, who
 * is told about an outage, how (e-mail, call, text message, letter) and when (spec §3 timing).
 */
export function OutageContactsTab() {
  const { t } = useTranslation();
  const addressesQuery = useOutageAddresses();
  const addresses = addressesQuery.data;
  const [chosen, setChosen] = useState<string | null>(null);
  const contractId = chosen ?? addresses?.[0]?.contractId ?? null;
  const contactsQuery = useOutageContacts(contractId);
  const contacts = contactsQuery.data;
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('settings.outage.title')}
        </Title>
        <Text c="dimmed">{t('settings.outage.description')}</Text>
      </Stack>
      {!addresses ? (
        <LoadState query={addressesQuery} height={120} />
      ) : addresses.length === 0 ? (
        <Text>{t('settings.outage.no-places')}</Text>
      ) : (
        <>
          <Select
            label={t('settings.outage.place')}
            allowDeselect={false}
            value={contractId}
            onChange={setChosen}
            data={addresses.map((address) => ({
              value: address.contractId,
              label: `${address.street}, ${address.postalCode} ${address.city} (${address.contractNumber})`,
            }))}
          />
          {contractId && contacts?.contractId === contractId ? (
            <OutageContactsForm key={contractId} contractId={contractId} contacts={contacts.contacts} />
          ) : (
            <LoadState query={contactsQuery} height={160} />
          )}
        </>
      )}
    </Stack>
  );
}

function OutageContactsForm({ contractId, contacts }: { contractId: string; contacts: OutageContact[] }) {
  const { t } = useTranslation();
  const save = useSaveOutageContacts();
  const toRequest = (rows: Row[]) => ({
    contractId,
    contacts: rows.map(({ method, value, timing }) => ({ method, value: method === 'Post' ? null : value.trim(), timing })),
  });
  const form = useForm<{ contacts: Row[] }>({
    initialValues: { contacts: rowsOf(contacts) },
    validate: (values) =>
      zodFormResolver(saveOutageContactsRequest, (issue) =>
        issue.message === 'the same contact is listed twice' ? t('settings.outage.error.duplicate') : t('settings.outage.error.value'),
      )(toRequest(values.contacts)),
  });
  useLeavePageGuard(form.isDirty());
  const { clearDraft } = useFormDraft(form, `outage-contacts:${contractId}`);

  const submit = form.onSubmit((values) =>
    save.mutate(toRequest(values.contacts), {
      onSuccess: (saved) => {
        clearDraft();
        form.setInitialValues({ contacts: rowsOf(saved.contacts) });
        form.setValues({ contacts: rowsOf(saved.contacts) });
        notifications.show({ color: 'green', message: t('settings.outage.saved') });
      },
      onError: (failure) => {
        // The server names the contact it refused: "contacts.1.value: …".
        const index = failure instanceof ApiError ? /^contacts\.(\d+)\.value/.exec(failure.message)?.[1] : undefined;
        if (index !== undefined) form.setFieldError(`contacts.${index}.value`, t('settings.outage.error.value'));
      },
    }),
  );

  const methods = outageContactMethod.options.map((method) => ({ value: method, label: t(`settings.outage.method.${method}`) }));
  const timings = outageNotificationTiming.options.map((timing) => ({ value: timing, label: t(`settings.outage.timing.${timing}`) }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {form.values.contacts.length === 0 && <Text>{t('settings.outage.none')}</Text>}
        {form.values.contacts.map((row, index) => {
          const number = index + 1;
          return (
            <Card key={row.key} withBorder padding="md" component="fieldset" aria-label={t('settings.outage.row', { number })}>
              <Group align="flex-end" gap="sm" wrap="wrap">
                <Select
                  label={t('settings.outage.method')}
                  data={methods}
                  allowDeselect={false}
                  w={170}
                  {...form.getInputProps(`contacts.${index}.method`)}
                />
                {row.method === 'Post' ? (
                  <Text size="sm" c="dimmed" style={{ flex: '2 1 14rem' }} mb={8}>
                    {t('settings.outage.post-hint')}
                  </Text>
                ) : (
                  <TextInput
                    label={t('settings.outage.value')}
                    style={{ flex: '2 1 14rem' }}
                    required
                    {...form.getInputProps(`contacts.${index}.value`)}
                  />
                )}
                <Select
                  label={t('settings.outage.timing')}
                  data={timings}
                  allowDeselect={false}
                  w={220}
                  {...form.getInputProps(`contacts.${index}.timing`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={2}
                  aria-label={t('settings.outage.remove', { number })}
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
            disabled={form.values.contacts.length >= MAX_OUTAGE_CONTACTS}
            onClick={() =>
              form.insertListItem('contacts', { key: crypto.randomUUID(), method: 'Email', value: '', timing: 'Always' } satisfies Row)
            }
          >
            {t('settings.outage.add')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('settings.outage.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

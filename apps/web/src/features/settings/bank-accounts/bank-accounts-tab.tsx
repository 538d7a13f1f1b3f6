import { ActionIcon, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { friendlyFormatIBAN } from 'ibantools';
import { useTranslation } from 'react-i18next';
import { addBankAccountRequest, type BankAccount } from '@portal/schema/settings';
import { zodFormResolver } from '../../../shared/forms/zod-form-resolver.ts';
import { useAddBankAccount, useBankAccounts, useDeleteBankAccount } from './bank-accounts-queries.ts';
import { useLeavePageGuard } from '../../../shared/forms/use-leave-page-guard.ts';
import { useFormDraft } from '../../../shared/forms/use-form-draft.ts';
import { openConfirm } from '../../../shared/ui/confirm-modal.ts';
import { LoadState } from '../../../shared/ui/load-state.tsx';

const display = (iban: string) => friendlyFormatIBAN(iban) ?? iban;

/** The acting customer's bank accounts for refunds and direct debit: list, add, remove. */
export function BankAccountsTab() {
  const { t } = useTranslation();
  const query = useBankAccounts({ enabled: true });
  const accounts = query.data;
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('settings.bank.title')}
        </Title>
        <Text c="dimmed">{t('settings.bank.description')}</Text>
      </Stack>
      {!accounts ? (
        <LoadState query={query} height={80} />
      ) : accounts.length === 0 ? (
        <Text>{t('settings.bank.empty')}</Text>
      ) : (
        <Stack gap="sm" component="ul" aria-label={t('settings.bank.list-label')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {accounts.map((account) => (
            <BankAccountRow key={account.bankAccountId} account={account} />
          ))}
        </Stack>
      )}
      <AddBankAccountForm />
    </Stack>
  );
}

function BankAccountRow({ account }: { account: BankAccount }) {
  const { t } = useTranslation();
  const remove = useDeleteBankAccount();
  const iban = display(account.iban);
  const confirmRemoval = () =>
    openConfirm({
      title: t('settings.bank.confirm-title'),
      children: t('settings.bank.confirm-body', { iban }),
      labels: { confirm: t('settings.bank.confirm-yes'), cancel: t('settings.bank.cancel') },
      danger: true,
      onConfirm: () =>
        remove.mutate(account.bankAccountId, {
          onSuccess: () => notifications.show({ color: 'green', message: t('settings.bank.deleted') }),
        }),
    });
  return (
    <Card component="li" withBorder padding="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Text fw={600} ff="monospace">
            {iban}
          </Text>
          <Text size="sm">{account.ownerName}</Text>
          <Text size="sm" c="dimmed">
            {t('settings.bank.bic')}: {account.bic ?? t('settings.bank.bic-unknown')}
          </Text>
        </Stack>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={t('settings.bank.delete-label', { iban })}
          loading={remove.isPending}
          onClick={confirmRemoval}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Card>
  );
}

function AddBankAccountForm() {
  const { t } = useTranslation();
  const add = useAddBankAccount();
  const form = useForm({
    initialValues: { iban: '', ownerName: '' },
    validate: zodFormResolver(addBankAccountRequest, (issue) =>
      issue.path[0] === 'iban' ? t('settings.bank.error.iban') : t('settings.bank.error.owner'),
    ),
  });
  useLeavePageGuard(form.isDirty());
  const { clearDraft } = useFormDraft(form, 'bank-account');

  const submit = form.onSubmit((values) =>
    add.mutate(values, {
      onSuccess: (added) => {
        clearDraft();
        notifications.show({ color: 'green', message: t('settings.bank.added', { iban: display(added.iban) }) });
        form.reset();
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={520}>
        <Title order={3} size="h4">
          {t('settings.bank.add-title')}
        </Title>
        <TextInput
          label={t('settings.bank.iban')}
          description={t('settings.bank.iban-hint')}
          autoComplete="off"
          spellCheck={false}
          required
          {...form.getInputProps('iban')}
        />
        <TextInput label={t('settings.bank.owner')} autoComplete="name" required {...form.getInputProps('ownerName')} />
        <Group>
          <Button type="submit" loading={add.isPending}>
            {t('settings.bank.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

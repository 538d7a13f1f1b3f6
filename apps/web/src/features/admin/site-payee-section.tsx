import { ActionIcon, Button, Checkbox, Group, Select, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { payeeDetails, REFERENCE_KINDS_OF_COUNTRY, type PayeeDetails, type SitePayee } from '@portal/schema/payee';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';
import { SettingsSection } from './settings-section.tsx';
import { payeeQueryOptions, useUpdatePayee } from './site-settings-queries.ts';

const EMPTY: PayeeDetails = {
  legalName: '',
  businessId: '',
  vatNumber: '',
  street: '',
  postalCode: '',
  city: '',
  accounts: [{ iban: '', bic: '' }],
  referenceKind: 'rf',
  epcQr: false,
};

/**
 * The seller and payee every invoice names (docs/decisions/095): legal name, business ID, VAT number, address, the
 * accounts it may be paid to, the reference kind and the EPC QR code. The server checks them against the site's country.
 */
export function SitePayeeSection({ siteId, companyName }: { siteId: string; companyName: string }) {
  const { t } = useTranslation();
  const { data } = useQuery(payeeQueryOptions(siteId));
  return (
    <SettingsSection id="admin-payee" title={t('admin.payee.title')} description={t('admin.payee.description', { company: companyName })}>
      {data ? <PayeeForm key={JSON.stringify(data)} siteId={siteId} stored={data} /> : <Skeleton h={320} />}
    </SettingsSection>
  );
}

function PayeeForm({ siteId, stored }: { siteId: string; stored: SitePayee }) {
  const { t } = useTranslation();
  const update = useUpdatePayee(siteId);
  const form = useForm<PayeeDetails>({
    initialValues: stored.payee ?? EMPTY,
    validate: zodFormResolver(payeeDetails, () => t('admin.payee.invalid')),
  });
  const submit = form.onSubmit((values) =>
    update.mutate(values, { onSuccess: () => notifications.show({ color: 'green', message: t('admin.payee.saved') }) }),
  );
  const accounts = form.getValues().accounts;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={t('admin.payee.legal-name')} maxLength={70} required {...form.getInputProps('legalName')} />
          <TextInput label={t('admin.payee.business-id')} maxLength={20} required {...form.getInputProps('businessId')} />
          <TextInput label={t('admin.payee.vat-number')} maxLength={16} required {...form.getInputProps('vatNumber')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={t('admin.payee.street')} maxLength={100} required {...form.getInputProps('street')} />
          <TextInput label={t('admin.payee.postal-code')} maxLength={12} required {...form.getInputProps('postalCode')} />
          <TextInput label={t('admin.payee.city')} maxLength={60} required {...form.getInputProps('city')} />
        </SimpleGrid>
        {accounts.map((account, index) => (
          <Group key={index} align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              label={t('admin.payee.iban', { number: index + 1 })}
              required
              style={{ flex: 2 }}
              {...form.getInputProps(`accounts.${index}.iban`)}
            />
            <TextInput
              label={t('admin.payee.bic', { number: index + 1 })}
              required
              style={{ flex: 1 }}
              {...form.getInputProps(`accounts.${index}.bic`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              disabled={accounts.length === 1}
              aria-label={t('admin.payee.remove-account', { number: index + 1 })}
              onClick={() => form.removeListItem('accounts', index)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="default"
            size="compact-md"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={accounts.length >= 3}
            onClick={() => form.insertListItem('accounts', { iban: '', bic: '' })}
          >
            {t('admin.payee.add-account')}
          </Button>
        </Group>
        <Select
          label={t('admin.payee.reference-kind')}
          maw={420}
          allowDeselect={false}
          data={REFERENCE_KINDS_OF_COUNTRY[stored.countryCode].map((kind) => ({
            value: kind,
            label: t(`admin.payee.reference-kind.${kind}`),
          }))}
          {...form.getInputProps('referenceKind')}
        />
        <Checkbox label={t('admin.payee.epc-qr')} {...form.getInputProps('epcQr', { type: 'checkbox' })} />
        {stored.payee === null && (
          <Text size="sm" c="dimmed">
            {t('admin.payee.none-yet')}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            {t('admin.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

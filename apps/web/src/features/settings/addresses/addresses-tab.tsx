import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { EDITABLE_ADDRESS_TYPES, saveAddressRequest, type CustomerAddress, type EditableAddressType } from '@portal/schema/settings';
import { zodFormResolver } from '../../../shared/forms/zod-form-resolver.ts';
import { useFeature, useSite } from '../../../shared/site/site-context.tsx';
import { useAddresses, useSaveAddress } from './addresses-queries.ts';
import { useLeavePageGuard } from '../../../shared/forms/use-leave-page-guard.ts';
import { useFormDraft } from '../../../shared/forms/use-form-draft.ts';
import { LoadState } from '../../../shared/ui/load-state.tsx';
import { STATUS_COLOURS } from '../../../shared/ui/status-colours.ts';

/** Dark enough for white badge text (≥ 6:1) in both schemes, as the invoice status badges. */
const ACTIVE_COLOUR = STATUS_COLOURS.done;
const INACTIVE_COLOUR = STATUS_COLOURS.neutral;

/**
 * The customer's places of use (read from their supply objects; only those with a contract in force where the site
 * has the "addresses with only active contracts" feature) and the postal and billing address they keep.
 */
export function AddressesTab() {
  const { t } = useTranslation();
  const activeOnly = useFeature('ADDRESSES_ACTIVE_CONTRACTS_ONLY');
  const usage = useAddresses({ requestType: 'usage', isWithActiveContractOnly: activeOnly });
  const kept = useAddresses({});
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('settings.addresses.usage-title')}
        </Title>
        <Text c="dimmed">{t('settings.addresses.usage-description')}</Text>
        {!usage.data ? (
          <LoadState query={usage} height={60} />
        ) : usage.data.length === 0 ? (
          <Text>{t('settings.addresses.usage-empty')}</Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {usage.data.map((address) => (
              <Card key={address.id} component="li" withBorder padding="sm">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text>{`${address.street}, ${address.postalCode} ${address.city}`}</Text>
                  <Badge color={address.hasActiveContract ? ACTIVE_COLOUR : INACTIVE_COLOUR} variant="filled">
                    {t(address.hasActiveContract ? 'settings.addresses.active' : 'settings.addresses.inactive')}
                  </Badge>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
      {!kept.data ? (
        <LoadState query={kept} height={200} />
      ) : (
        EDITABLE_ADDRESS_TYPES.map((kind) => (
          <AddressForm key={kind} kind={kind} address={kept.data.find((address) => address.requestType === kind)} />
        ))
      )}
    </Stack>
  );
}

function AddressForm({ kind, address }: { kind: EditableAddressType; address: CustomerAddress | undefined }) {
  const { t } = useTranslation();
  const site = useSite();
  const save = useSaveAddress();
  const form = useForm({
    initialValues: {
      street: address?.street ?? '',
      postalCode: address?.postalCode ?? '',
      city: address?.city ?? '',
      countryCode: address?.countryCode ?? site.countryCode,
    },
    validate: zodFormResolver(saveAddressRequest, (issue) => {
      if (issue.code === 'custom') return t('settings.addresses.error.postal-code');
      if (issue.path[0] === 'countryCode') return t('settings.addresses.error.country');
      return t('settings.addresses.error.required');
    }),
  });
  useLeavePageGuard(form.isDirty());
  const { clearDraft } = useFormDraft(form, `address:${kind}`);
  const submit = form.onSubmit((values) =>
    save.mutate(
      { requestType: kind, ...values },
      {
        onSuccess: (saved) => {
          clearDraft();
          const next = { street: saved.street, postalCode: saved.postalCode, city: saved.city, countryCode: saved.countryCode };
          form.setInitialValues(next);
          form.setValues(next);
          notifications.show({ color: 'green', message: t('settings.addresses.saved') });
        },
      },
    ),
  );
  const titleId = `address-${kind}`;
  return (
    <form onSubmit={submit} noValidate aria-labelledby={titleId}>
      <Stack gap="sm" maw={560}>
        <Title order={2} size="h3" id={titleId}>
          {t(`settings.addresses.${kind}-title`)}
        </Title>
        <TextInput label={t('settings.addresses.street')} autoComplete="street-address" required {...form.getInputProps('street')} />
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('settings.addresses.postal-code')}
            autoComplete="postal-code"
            required
            {...form.getInputProps('postalCode')}
          />
          <TextInput label={t('settings.addresses.city')} autoComplete="address-level2" required {...form.getInputProps('city')} />
          <TextInput
            label={t('settings.addresses.country')}
            autoComplete="country"
            maxLength={2}
            required
            {...form.getInputProps('countryCode')}
          />
        </Group>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('settings.addresses.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

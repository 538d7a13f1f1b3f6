import { Button, Checkbox, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { signingChannels } from '@portal/schema/contract-signing';
import { identifierText } from '@portal/schema/identifier-text';
import { useTranslation } from 'react-i18next';
import { actorInfoQueryOptions } from '../../../shared/auth/actor-info.ts';
import { useSite } from '../../../shared/site/site-context.tsx';
import { BillingTargetFields } from '../billing-target-fields.tsx';
import { ContractNotice } from '../contract-notice.tsx';
import type { SignValues } from './sign-form.ts';
import { existingEInvoiceQueryOptions, startInfoQueryOptions } from './signing-queries.ts';

type Form = UseFormReturnType<SignValues>;

/** Step 4: where invoices go (the channels the site's signing offers) and how to reach the signer. */
export function SignBillingStep({ form }: { form: Form }) {
  const { t } = useTranslation();
  const site = useSite();
  const values = form.getValues();
  const customerType = useQuery(actorInfoQueryOptions).data?.customer?.type ?? 'private';
  const channels = signingChannels(site.features, customerType, site.countryCode);
  const existing = useQuery(existingEInvoiceQueryOptions(values.utility || null)).data;
  const businessCode = identifierText(values.businessCode);
  const company = useQuery({
    ...startInfoQueryOptions(values.objectId || null, businessCode || null),
    enabled: customerType === 'legal' && businessCode.length >= 8 && values.objectId !== '',
  }).data?.business;
  const coOwnerOffered = customerType === 'private' && !site.features.includes('SIGNING_CO_OWNER_DISABLED');

  return (
    <Stack gap="md">
      <Radio.Group
        label={t('signing.billing.channel')}
        description={
          site.features.includes('CONTRACT_BILLING_MANAGEMENT_PREFER_E_INVOICE') ? t('signing.billing.prefer-e-invoice') : undefined
        }
        value={values.channel}
        onChange={(channel) => form.setValues({ channel: channel, target: '', operator: '' })}
        error={form.errors.channel}
      >
        <Stack gap={6} mt="xs">
          {channels.map((channel) => (
            <Radio key={channel} value={channel} label={t(`contracts.billing.channel.${channel}`)} />
          ))}
        </Stack>
      </Radio.Group>
      {existing && channels.includes(existing.channel) && values.target !== existing.target && (
        <ContractNotice color="blue" title={t('signing.billing.existing-title')}>
          <Text size="sm">{t('signing.billing.existing-body', { target: existing.target, operator: existing.operator ?? '' })}</Text>
          <Button
            mt="xs"
            size="compact-sm"
            variant="default"
            onClick={() => form.setValues({ channel: existing.channel, target: existing.target, operator: existing.operator ?? '' })}
          >
            {t('signing.billing.existing-use')}
          </Button>
        </ContractNotice>
      )}
      <BillingTargetFields form={form} />

      <Text fw={600} mt="sm">
        {t('signing.contact.title')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput type="email" label={t('signing.contact.email')} autoComplete="email" required {...form.getInputProps('email')} />
        <TextInput type="tel" label={t('signing.contact.phone')} autoComplete="tel" {...form.getInputProps('phone')} />
      </SimpleGrid>

      {customerType === 'legal' && (
        <Stack gap={4}>
          <TextInput
            label={t('signing.business.code')}
            description={t(`signing.business.code-hint.${site.countryCode}`)}
            {...form.getInputProps('businessCode')}
          />
          {company && site.features.includes('BUSINESS_CUSTOMER_INFO') && (
            <Text size="sm" c={company.valid ? undefined : 'red.8'} aria-live="polite">
              {!company.valid
                ? t('signing.business.invalid')
                : company.company
                  ? t('signing.business.found', { name: company.company.name })
                  : t('signing.business.unknown')}
            </Text>
          )}
        </Stack>
      )}

      {coOwnerOffered && (
        <Stack gap="xs">
          <Checkbox label={t('signing.co-owner.add')} {...form.getInputProps('coOwner', { type: 'checkbox' })} />
          {values.coOwner && (
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput label={t('signing.co-owner.name')} required {...form.getInputProps('coOwnerName')} />
              <TextInput
                label={t('signing.co-owner.code')}
                description={t(`signing.co-owner.code-hint.${site.countryCode}`)}
                autoComplete="off"
                spellCheck={false}
                required
                {...form.getInputProps('coOwnerCode')}
              />
            </SimpleGrid>
          )}
        </Stack>
      )}
    </Stack>
  );
}

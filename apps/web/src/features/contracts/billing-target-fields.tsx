import { Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import type { BillingChannelKind } from '@portal/schema/enums';
import { useTranslation } from 'react-i18next';
import { eInvoiceBanksQueryOptions, operatorsQueryOptions } from './signing/signing-queries.ts';

type BillingValues = { channel: BillingChannelKind | ''; target: string; operator: string };

/**
 * Where invoices go for the chosen channel: the target (e-mail, postal address, IBAN, OVT) and, for an e-invoice,
 * the bank (a private customer's e-invoice) or the operator (a company's OVT) from the site's country's lists.
 */
export function BillingTargetFields<Values extends BillingValues>({ form }: { form: UseFormReturnType<Values> }) {
  const { t } = useTranslation();
  const channel = (form.getValues() as BillingValues).channel;
  const banks = useQuery({ ...eInvoiceBanksQueryOptions, enabled: channel === 'EInvoiceRequest' });
  const operators = useQuery({ ...operatorsQueryOptions, enabled: channel === 'OVT' });
  if (!channel) return null;
  const choices =
    channel === 'EInvoiceRequest'
      ? banks.data?.map((bank) => bank.name)
      : channel === 'OVT'
        ? operators.data?.map((operator) => `${operator.name} (${operator.code})`)
        : undefined;
  return (
    <>
      <TextInput label={t(`contracts.billing.target.${channel}`)} required {...form.getInputProps('target')} />
      {choices && (
        <Select
          label={t(`contracts.billing.operator.${channel}`)}
          data={[...new Set(choices)]}
          searchable
          required
          {...form.getInputProps('operator')}
        />
      )}
    </>
  );
}

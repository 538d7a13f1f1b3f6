import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { changeBillingChannelRequest, type ChangeBillingChannelRequest, type ContractDetail } from '@portal/schema/contracts';
import type { BillingChannelKind } from '@portal/schema/enums';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { preferEInvoice } from '@portal/schema/contract-signing';
import { zodFormResolver } from '../../../shared/forms/zod-form-resolver.ts';
import { useSite } from '../../../shared/site/site-context.tsx';
import { BillingTargetFields } from '../billing-target-fields.tsx';
import { useBillingChannels, useChangeBillingChannel } from '../contract-queries.ts';

type Props = { contract: ContractDetail; opened: boolean; onClose: () => void };
type Values = { channel: BillingChannelKind; target: string; operator: string };

const needsOperator = (channel: BillingChannelKind) => channel === 'OVT' || channel === 'EInvoiceRequest';

/**
 * Where the contract's invoices go: a channel the customer may choose and its target, checked with the request
 * schema the server uses (IBAN and OVT check digits); a refusal from the server shows at the field.
 */
export function BillingChannelDialog({ contract, opened, onClose }: Props) {
  const { t } = useTranslation();
  const channels = useBillingChannels(contract.id, opened);
  const { features } = useSite();
  const change = useChangeBillingChannel();
  const form = useForm<Values>({
    initialValues: { channel: contract.billing.channel, target: contract.billing.target, operator: contract.billing.operator ?? '' },
    validate: (values) =>
      zodFormResolver(changeBillingChannelRequest, (issue) =>
        issue.path[0] === 'operator' ? t('contracts.billing.error.operator') : t(`contracts.billing.error.${values.channel}`),
      )(values),
  });

  const close = () => {
    form.reset();
    change.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    const request = (
      needsOperator(values.channel) ? values : { channel: values.channel, target: values.target }
    ) as ChangeBillingChannelRequest;
    change.mutate(
      { id: contract.id, ...request },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('contracts.billing.changed', { number: contract.contractNumber }) });
          close();
        },
        onError: (failure) => {
          const code = failure instanceof ApiError ? failure.code : undefined;
          form.setFieldError('target', code ? t(`errors.codes.${code}`, { defaultValue: failure.message }) : failure.message);
        },
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title={t('contracts.billing.dialog-title', { number: contract.contractNumber })} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Select
            label={t('contracts.billing.channel-label')}
            description={
              features.includes('CONTRACT_BILLING_MANAGEMENT_PREFER_E_INVOICE') ? t('signing.billing.prefer-e-invoice') : undefined
            }
            data={preferEInvoice(channels.data?.available ?? [contract.billing.channel], features).map((kind) => ({
              value: kind,
              label: t(`contracts.billing.channel.${kind}`),
            }))}
            allowDeselect={false}
            disabled={!channels.data}
            {...form.getInputProps('channel')}
            onChange={(value) => {
              if (!value) return;
              form.setFieldValue('channel', value as BillingChannelKind);
              form.setFieldValue('target', value === contract.billing.channel ? contract.billing.target : '');
              form.clearErrors();
            }}
          />
          <BillingTargetFields form={form} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('contracts.billing.cancel')}
            </Button>
            <Button type="submit" loading={change.isPending}>
              {t('contracts.billing.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

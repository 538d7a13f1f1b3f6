import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { postponeInvoiceRequest, type InvoiceSummary, type PostponementWindow } from '@portal/schema/invoices';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error.ts';
import { zodFormResolver } from '../../shared/forms/zod-form-resolver.ts';
import { DateField } from '../../shared/ui/date-field.tsx';
import { useInvoiceFormat } from './invoice-format.ts';
import { usePostponeInvoice } from './invoice-queries.ts';

type Props = { invoice: InvoiceSummary; opened: boolean; onClose: () => void };

/** The request the server validates, narrowed to the dates its rules allow now (docs/decisions/010-invoice-postponement.md). */
const requestWithin = ({ minDate, maxDate }: PostponementWindow) =>
  postponeInvoiceRequest.refine(({ dueDate }) => !!minDate && !!maxDate && dueDate >= minDate && dueDate <= maxDate, {
    path: ['dueDate'],
    message: 'outside the postponement window',
  });

/**
 * The postpone dialog: a date picker limited to the dates the server's rules allow, checked again on submit so a
 * typed date gets a clear message; a refusal from the server (the window may have closed meanwhile) shows in place.
 */
export function PostponeDialog({ invoice, opened, onClose }: Props) {
  const { t } = useTranslation();
  const format = useInvoiceFormat();
  const postpone = usePostponeInvoice();
  const window = invoice.postponement;
  const range = window.minDate && window.maxDate ? { min: format.date(window.minDate), max: format.date(window.maxDate) } : null;
  const form = useForm({
    initialValues: { dueDate: null as string | null },
    validate: zodFormResolver(requestWithin(window), (issue) =>
      issue.code === 'custom'
        ? t('invoices.postpone.error.out-of-range', range ?? { min: '–', max: '–' })
        : t('invoices.postpone.error.required'),
    ),
    transformValues: ({ dueDate }) => ({ dueDate: dueDate ?? '' }),
  });

  const close = () => {
    form.reset();
    postpone.reset();
    onClose();
  };

  const submit = form.onSubmit(({ dueDate }) =>
    postpone.mutate(
      { invoiceNumber: invoice.invoiceNumber, dueDate },
      {
        onSuccess: (updated) => {
          notifications.show({
            color: 'green',
            message: t('invoices.postpone.success', { number: updated.invoiceNumber, date: format.date(updated.dueDate) }),
          });
          close();
        },
        onError: (failure) => {
          const code = failure instanceof ApiError ? failure.code : undefined;
          form.setFieldError('dueDate', code ? t(`invoices.postpone.refusal.${code}`, { defaultValue: failure.message }) : failure.message);
        },
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={close} title={t('invoices.postpone.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {t('invoices.postpone.description', { number: invoice.invoiceNumber, dueDate: format.date(invoice.dueDate) })}
          </Text>
          {window.allowed && range ? (
            <>
              <DateField
                label={t('invoices.postpone.date-label')}
                description={t('invoices.postpone.date-hint', range)}
                minDate={window.minDate ?? undefined}
                maxDate={window.maxDate ?? undefined}
                defaultDate={window.minDate ?? undefined}
                required
                data-autofocus
                {...form.getInputProps('dueDate')}
              />
              <Text size="xs" c="dimmed">
                {t('invoices.postpone.rules', { times: window.postponementsAllowed, days: window.maxDays })}
              </Text>
            </>
          ) : (
            <Alert color="yellow">
              {window.refusal ? t(`invoices.postpone.refusal.${window.refusal}`) : t('invoices.postpone.not-allowed')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('invoices.postpone.cancel')}
            </Button>
            {window.allowed && (
              <Button type="submit" loading={postpone.isPending}>
                {t('invoices.postpone.confirm')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

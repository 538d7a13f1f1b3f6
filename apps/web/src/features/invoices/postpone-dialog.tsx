import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { InvoiceSummary } from '@portal/schema/invoices';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error.ts';
import { useInvoiceFormat } from './invoice-format.ts';
import { usePostponeInvoice } from './postpone-invoice.ts';

type Props = { invoice: InvoiceSummary; opened: boolean; onClose: () => void };

/**
 * The postpone dialog: a native date input limited to the dates the server's rules allow
 * (docs/decisions/010-invoice-postponement.md), checked again here so a typed date gets a clear message.
 */
export function PostponeDialog({ invoice, opened, onClose }: Props) {
  const { t } = useTranslation();
  const format = useInvoiceFormat();
  const postpone = usePostponeInvoice();
  const [dueDate, setDueDate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const window = invoice.postponement;
  const range = window.minDate && window.maxDate ? { min: format.date(window.minDate), max: format.date(window.maxDate) } : null;

  const close = () => {
    setDueDate('');
    setError(null);
    postpone.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!dueDate) return setError(t('invoices.postpone.error.required'));
    if (!window.minDate || !window.maxDate || dueDate < window.minDate || dueDate > window.maxDate) {
      return setError(t('invoices.postpone.error.out-of-range', range ?? { min: '–', max: '–' }));
    }
    setError(null);
    postpone.mutate(
      { invoiceNumber: invoice.invoiceNumber, dueDate },
      {
        onSuccess: (updated) => {
          notifications.show({ color: 'green', message: t('invoices.postpone.success', { number: updated.invoiceNumber, date: format.date(updated.dueDate) }) });
          close();
        },
        onError: (failure) => {
          const code = failure instanceof ApiError ? failure.code : undefined;
          setError(code ? t(`invoices.postpone.refusal.${code}`, { defaultValue: failure.message }) : failure.message);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={t('invoices.postpone.title')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('invoices.postpone.description', { number: invoice.invoiceNumber, dueDate: format.date(invoice.dueDate) })}</Text>
          {window.allowed && range ? (
            <>
              <TextInput
                type="date"
                label={t('invoices.postpone.date-label')}
                description={t('invoices.postpone.date-hint', range)}
                value={dueDate}
                onChange={(event) => {
                  setDueDate(event.currentTarget.value);
                  setError(null);
                }}
                min={window.minDate ?? undefined}
                max={window.maxDate ?? undefined}
                error={error}
                required
                data-autofocus
              />
              <Text size="xs" c="dimmed">
                {t('invoices.postpone.rules', { times: window.postponementsAllowed, days: window.maxDays })}
              </Text>
            </>
          ) : (
            <Alert color="yellow">{window.refusal ? t(`invoices.postpone.refusal.${window.refusal}`) : t('invoices.postpone.not-allowed')}</Alert>
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

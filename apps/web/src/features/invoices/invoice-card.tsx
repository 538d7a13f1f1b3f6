import { Button, Card, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCalendarTime, IconChevronDown, IconChevronUp, IconCreditCard, IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import type { InvoiceSummary } from '@portal/schema/invoices';
import { useTranslation } from 'react-i18next';
import { useFeature } from '../../shared/site/site-context.tsx';
import { UtilityBadge } from '../../shared/ui/utility-badge.tsx';
import { useDownloadInvoice } from './invoice-queries.ts';
import { useInvoiceFormat } from './invoice-format.ts';
import { InvoiceAnalysisSection } from './invoice-analysis.tsx';
import { InvoiceRows } from './invoice-rows.tsx';
import { InvoiceStatusBadge, invoiceState } from './invoice-status-badge.tsx';
import { PostponeDialog } from './postpone-dialog.tsx';
import classes from './invoice-card.module.css';
import { useStartPayment } from './payment-queries.ts';

/** One invoice in the list: what, how much, by when; its rows on demand; download, postpone and pay. */
export function InvoiceCard({ invoice }: { invoice: InvoiceSummary }) {
  const { t } = useTranslation();
  const format = useInvoiceFormat();
  const csv = useFeature('INVOICE_CSV_DOWNLOAD');
  const [detailsOpen, details] = useDisclosure(false);
  const [postponeOpen, postpone] = useDisclosure(false);
  const download = useDownloadInvoice();
  const pay = useStartPayment();
  const state = invoiceState(invoice);
  const titleId = `invoice-${invoice.id}`;
  const rowsId = `invoice-rows-${invoice.id}`;

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h4" id={titleId} className={classes.number}>
              {t('invoices.number', { number: invoice.invoiceNumber })}
            </Title>
            <InvoiceStatusBadge invoice={invoice} />
          </Group>
          <Group gap={6} wrap="wrap">
            {invoice.utilities.map((utility) => (
              <UtilityBadge key={utility} utility={utility} />
            ))}
            <Text size="sm" c="dimmed">
              {invoice.contract.productName}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t('invoices.period')}: {format.date(invoice.periodStart)} – {format.date(invoice.periodEnd)}
          </Text>
        </Stack>
        <Stack gap={2} className={classes.amounts}>
          <Text fw={700} fz={24} lh={1.2}>
            {format.money(invoice.totalCents)}
          </Text>
          <Text size="sm" fw={state === 'overdue' ? 700 : 400} className={state === 'overdue' ? classes.overdue : undefined}>
            {t('invoices.due-date')}: {format.date(invoice.dueDate)}
          </Text>
          {invoice.dueDate !== invoice.originalDueDate && (
            <Text size="xs" c="dimmed">
              {t('invoices.postponed-from', { date: format.date(invoice.originalDueDate) })}
            </Text>
          )}
          {invoice.paidAt && (
            <Text size="xs" c="dimmed">
              {t('invoices.paid-on', { date: format.dayOfInstant(invoice.paidAt) })}
            </Text>
          )}
        </Stack>
      </Group>

      <Group gap="xs" mt="md" wrap="wrap">
        <Button
          variant="subtle"
          size="compact-md"
          onClick={details.toggle}
          aria-expanded={detailsOpen}
          aria-controls={rowsId}
          rightSection={detailsOpen ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
        >
          {t(detailsOpen ? 'invoices.details.hide' : 'invoices.details.show')}
        </Button>
        <Button
          variant="default"
          size="compact-md"
          leftSection={<IconFileTypePdf size={16} aria-hidden />}
          loading={download.isPending && download.variables?.kind === 'pdf'}
          onClick={() => download.mutate({ id: invoice.id, kind: 'pdf' })}
        >
          {t('invoices.download.pdf')}
        </Button>
        {csv && (
          <Button
            variant="default"
            size="compact-md"
            leftSection={<IconFileTypeCsv size={16} aria-hidden />}
            loading={download.isPending && download.variables?.kind === 'csv'}
            onClick={() => download.mutate({ id: invoice.id, kind: 'csv' })}
          >
            {t('invoices.download.csv')}
          </Button>
        )}
        {invoice.paymentStatus === 'unpaid' && (
          <>
            {invoice.postponement.allowed && (
              <Button variant="default" size="compact-md" leftSection={<IconCalendarTime size={16} aria-hidden />} onClick={postpone.open}>
                {t('invoices.postpone.button')}
              </Button>
            )}
            <Button
              size="compact-md"
              leftSection={<IconCreditCard size={16} aria-hidden />}
              loading={pay.isPending}
              onClick={() => pay.mutate(invoice.invoiceNumber)}
              aria-label={t('invoices.pay.label', { number: invoice.invoiceNumber })}
            >
              {t('invoices.pay')}
            </Button>
          </>
        )}
      </Group>

      {invoice.paymentStatus === 'unpaid' && invoice.postponement.refusal && (
        <Text size="xs" c="dimmed" mt="xs">
          {t(`invoices.postpone.refusal.${invoice.postponement.refusal}`)}
        </Text>
      )}

      <Collapse expanded={detailsOpen} id={rowsId}>
        <Stack mt="md">
          {detailsOpen && (
            <>
              <InvoiceRows invoiceNumber={invoice.invoiceNumber} />
              <InvoiceAnalysisSection invoiceNumber={invoice.invoiceNumber} />
            </>
          )}
        </Stack>
      </Collapse>
      {invoice.paymentStatus === 'unpaid' && invoice.postponement.allowed && (
        <PostponeDialog invoice={invoice} opened={postponeOpen} onClose={postpone.close} />
      )}
    </Card>
  );
}

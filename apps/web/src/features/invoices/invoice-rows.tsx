import { Divider, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { InvoiceDetail, InvoiceRow } from '@portal/schema/invoices';
import { useTranslation } from 'react-i18next';
import { useInvoice } from './invoice-queries.ts';
import { formatUnit } from '@portal/schema/units';
import { useInvoiceFormat } from './invoice-format.ts';
import { InvoicePaymentDetails } from './invoice-payment-details.tsx';
import { LoadState } from '../../shared/ui/load-state.tsx';

/**
 * The rows of one invoice (per metering point and price component) with net, one VAT line per rate (an invoice whose
 * period crosses a rate change has two) and total; with several rates each row says its own; how to pay one unpaid.
 */
export function InvoiceRows({ invoiceNumber }: { invoiceNumber: string }) {
  const query = useInvoice(invoiceNumber, { enabled: true });
  if (!query.data) return <LoadState query={query} height={120} />;
  const data = query.data;
  return (
    <>
      <RowsTable invoice={data} />
      {data.payment && data.paymentStatus === 'unpaid' && <InvoicePaymentDetails invoiceId={data.id} payment={data.payment} />}
    </>
  );
}

/** Phones get the rows as a stacked list: a four-column table would need sideways scrolling. */
function RowsTable({ invoice }: { invoice: InvoiceDetail }) {
  const narrow = useMediaQuery('(max-width: 48em)');
  return narrow ? <RowsList invoice={invoice} /> : <RowsGrid invoice={invoice} />;
}

/** What a row bills, and its VAT rate when the invoice has more than one. */
function useDescription(invoice: InvoiceDetail) {
  const { t } = useTranslation();
  const format = useInvoiceFormat();
  return (row: InvoiceRow) =>
    `${t(`invoices.component.${row.componentKind}`)} · ${t(`utility.${row.utility}`)}${
      invoice.vatLines.length > 1 ? ` · ${format.vatRate(row.vatPermille)}` : ''
    }`;
}

/** One line per VAT rate: its rate, the net it taxes and the VAT. */
function useVatLineLabel() {
  const { t } = useTranslation();
  const format = useInvoiceFormat();
  return (line: InvoiceDetail['vatLines'][number]) =>
    t('invoices.vat-line', { rate: format.vatRate(line.vatPermille), net: format.money(line.netCents) });
}

/** Energy in cents per kWh as the price lists say it; a monthly fee in euros, as it is paid ("3,95 €/kk"). */
function useUnitPrice() {
  const { t, i18n } = useTranslation();
  const format = useInvoiceFormat();
  return (row: InvoiceRow) =>
    row.unit === 'kWh'
      ? formatUnit(row.unitPriceCents, 'c/kWh', i18n.language, { min: 3, max: 3 })
      : t(row.unit === 'kW' ? 'invoices.unit.per-kw-month' : 'invoices.unit.per-month', {
          amount: format.money(Number(row.unitPriceCents)),
        });
}

/**
 * kWh to three places in the locale's unit, as kW above the power charge's threshold (decision 119); months of a
 * monthly fee whole, or to three places for part of a month.
 */
function useQuantity() {
  const { t, i18n } = useTranslation();
  const format = useInvoiceFormat();
  return (row: InvoiceRow) =>
    row.unit === 'month'
      ? `${format.decimal(row.quantity, row.quantity.endsWith('.000') ? 0 : 3)} ${t('invoices.unit.month')}`
      : formatUnit(row.quantity, row.unit, i18n.language, { min: 3, max: 3 });
}

function RowsList({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const format = useInvoiceFormat();
  const unitPrice = useUnitPrice();
  const quantity = useQuantity();
  const description = useDescription(invoice);
  const vatLine = useVatLineLabel();
  return (
    <Stack gap="xs">
      <Text fw={600} id={`rows-${invoice.id}`}>
        {t('invoices.details.title')}
      </Text>
      <Stack gap="sm" component="ul" aria-labelledby={`rows-${invoice.id}`} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {invoice.rows.map((row) => (
          <li key={row.position}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <div>
                <Text size="sm">{description(row)}</Text>
                <Text size="xs" c="dimmed">
                  {quantity(row)} × {unitPrice(row)}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {row.gsrn}
                </Text>
              </div>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {format.money(row.netCents)}
              </Text>
            </Group>
          </li>
        ))}
      </Stack>
      <Divider />
      <Group justify="space-between">
        <Text size="sm">{t('invoices.summary.net')}</Text>
        <Text size="sm">{format.money(invoice.netCents)}</Text>
      </Group>
      {invoice.vatLines.map((line) => (
        <Group justify="space-between" key={line.vatPermille}>
          <Text size="sm">{vatLine(line)}</Text>
          <Text size="sm">{format.money(line.vatCents)}</Text>
        </Group>
      ))}
      <Group justify="space-between">
        <Text fw={700}>{t('invoices.summary.total')}</Text>
        <Text fw={700}>{format.money(invoice.totalCents)}</Text>
      </Group>
    </Stack>
  );
}

function RowsGrid({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const format = useInvoiceFormat();
  const unitPrice = useUnitPrice();
  const quantity = useQuantity();
  const description = useDescription(invoice);
  const vatLine = useVatLineLabel();
  return (
    <Stack gap="xs">
      <Text fw={600} id={`rows-${invoice.id}`}>
        {t('invoices.details.title')}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" striped aria-labelledby={`rows-${invoice.id}`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invoices.rows.description')}</Table.Th>
              <Table.Th ta="right">{t('invoices.rows.quantity')}</Table.Th>
              <Table.Th ta="right">{t('invoices.rows.unit-price')}</Table.Th>
              <Table.Th ta="right">{t('invoices.rows.net')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.rows.map((row) => (
              <Table.Tr key={row.position}>
                <Table.Td>
                  <Text size="sm">{description(row)}</Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {row.gsrn}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {quantity(row)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {unitPrice(row)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {format.money(row.netCents)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Td colSpan={3}>{t('invoices.summary.net')}</Table.Td>
              <Table.Td ta="right">{format.money(invoice.netCents)}</Table.Td>
            </Table.Tr>
            {invoice.vatLines.map((line) => (
              <Table.Tr key={line.vatPermille}>
                <Table.Td colSpan={3}>{vatLine(line)}</Table.Td>
                <Table.Td ta="right">{format.money(line.vatCents)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th colSpan={3}>{t('invoices.summary.total')}</Table.Th>
              <Table.Th ta="right">{format.money(invoice.totalCents)}</Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

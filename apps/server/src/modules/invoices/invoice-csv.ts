import { stringify } from 'csv-stringify/sync';
import type { InvoiceDetail } from '@portal/schema/invoices';
import type { LocaleId } from '@portal/schema/locale-ids';
import { documentTexts } from '../../platform/document-texts.ts';

/**
 * The invoice's rows as CSV (RFC 4180, UTF-8 with a byte-order mark so spreadsheet programs read the
 * letters right). Numbers stay machine-readable: decimal point, no grouping, amounts in euros with two decimals.
 * Each row carries its VAT rate; one record per VAT line follows the rows, with its net, rate and VAT.
 */
export function renderInvoiceCsv(invoice: InvoiceDetail, locale: LocaleId): string {
  const t = documentTexts(locale);
  const euros = (cents: number) =>
    `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
  const header = [
    t('invoices.csv.invoice-number'),
    t('invoices.csv.position'),
    t('invoices.csv.metering-point'),
    t('invoices.csv.utility'),
    t('invoices.csv.component'),
    t('invoices.csv.quantity'),
    t('invoices.csv.unit'),
    t('invoices.csv.unit-price-cents'),
    t('invoices.csv.net-eur'),
    t('invoices.csv.vat-rate'),
    t('invoices.csv.vat-eur'),
  ];
  const rows = invoice.rows.map((row) => [
    invoice.invoiceNumber,
    String(row.position),
    row.gsrn,
    t(`utility.${row.utility}`),
    t(`invoices.component.${row.componentKind}`),
    row.quantity,
    row.unit,
    row.unitPriceCents,
    euros(row.netCents),
    (row.vatPermille / 10).toFixed(1),
    '',
  ]);
  // The invoice's VAT lines after its rows (decision 093): the net taxed at each rate and that VAT.
  const vatLines = invoice.vatLines.map((line) => [
    invoice.invoiceNumber,
    '',
    '',
    '',
    t('invoices.csv.vat-line'),
    '',
    '',
    '',
    euros(line.netCents),
    (line.vatPermille / 10).toFixed(1),
    euros(line.vatCents),
  ]);
  return `\uFEFF${stringify([header, ...rows, ...vatLines], { record_delimiter: '\r\n' })}`;
}

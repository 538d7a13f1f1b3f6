import { csvCents, csvDecimal } from '@portal/schema/csv-format';
import type { InvoiceDetail } from '@portal/schema/invoices';
import type { LocaleId } from '@portal/schema/locale-ids';
import { writeCsv } from '../../platform/csv-writer.ts';
import { documentTexts } from '../../platform/document-texts.ts';

/** A rate per mille as a percentage, exactly: 255 → 25.5. */
const vatRate = (permille: number) => csvDecimal(`${Math.trunc(permille / 10)}.${permille % 10}`);

/**
 * The invoice's rows as CSV, written as the customer's spreadsheet expects (platform/csv-writer.ts, docs/decisions/096):
 * the locale's separator and decimal mark, translated headers and units; quantities, prices and amounts as numbers a
 * spreadsheet can sum, amounts in euros with two decimals. Each row carries its VAT rate; one record per VAT line
 * follows the rows, with its net, rate and VAT (decision 094).
 */
export function renderInvoiceCsv(invoice: InvoiceDetail, locale: LocaleId): string {
  const t = documentTexts(locale);
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
    row.position,
    row.gsrn,
    t(`utility.${row.utility}`),
    t(`invoices.component.${row.componentKind}`),
    csvDecimal(row.quantity),
    row.unit === 'month' ? t('invoices.unit.month') : row.unit,
    csvDecimal(row.unitPriceCents),
    csvCents(row.netCents),
    vatRate(row.vatPermille),
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
    csvCents(line.netCents),
    vatRate(line.vatPermille),
    csvCents(line.vatCents),
  ]);
  return writeCsv(header, [...rows, ...vatLines], locale);
}

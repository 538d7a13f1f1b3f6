import { csvCents, csvDecimal } from '@portal/schema/csv-format';
import type { InvoiceDetail } from '@portal/schema/invoices';
import type { LocaleId } from '@portal/schema/locale-ids';
import { writeCsv } from '../../platform/csv-writer.ts';
import { documentTexts } from '../../platform/document-texts.ts';

/**
 * The invoice's rows as CSV, written as the customer's spreadsheet expects (platform/csv-writer.ts, docs/decisions/096):
 * the locale's separator and decimal mark, translated headers and units; quantities, prices and amounts as numbers a
 * spreadsheet can sum, amounts in euros with two decimals.
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
  ];
  // The rate per mille as a percentage, exactly: 255 → 25.5.
  const vatRate = csvDecimal(`${Math.trunc(invoice.vatPermille / 10)}.${invoice.vatPermille % 10}`);
  const rows = invoice.rows.map((row) => [
    invoice.invoiceNumber,
    row.position,
    row.gsrn,
    t(`utility.${row.utility}`),
    t(`invoices.component.${row.componentKind}`),
    csvDecimal(row.quantity),
    row.unit === 'kWh' ? 'kWh' : t('invoices.unit.month'),
    csvDecimal(row.unitPriceCents),
    csvCents(row.netCents),
    vatRate,
  ]);
  return writeCsv(header, rows, locale);
}

import type { InvoiceDetail } from '@portal/schema/invoices';
import type { LocaleId } from '@portal/schema/locale-ids';
import { renderInvoiceCsv } from './invoice-csv.ts';
import type { InvoiceBuyer, InvoiceSeller } from './invoice-parties.ts';
import { invoicePayment } from './invoice-payment.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { documentTexts } from '../../platform/document-texts.ts';

export type InvoiceDocument = { filename: string; contentType: string; body: Buffer | string };

/** The invoice as the PDF the customer would have received, in their language, named for its number. */
export async function invoicePdfDocument(
  invoice: InvoiceDetail,
  parties: { seller: InvoiceSeller; buyer: InvoiceBuyer },
  locale: LocaleId,
): Promise<InvoiceDocument> {
  return {
    filename: `${documentTexts(locale)('invoices.file-name', { number: invoice.invoiceNumber })}.pdf`,
    contentType: 'application/pdf',
    body: await renderInvoicePdf({ invoice, ...parties, payment: invoicePayment(invoice, parties.seller), locale }),
  };
}

/** The invoice rows as CSV for a spreadsheet. */
export function invoiceCsvDocument(invoice: InvoiceDetail, locale: LocaleId): InvoiceDocument {
  return {
    filename: `${documentTexts(locale)('invoices.file-name', { number: invoice.invoiceNumber })}.csv`,
    contentType: 'text/csv; charset=utf-8',
    body: renderInvoiceCsv(invoice, locale),
  };
}

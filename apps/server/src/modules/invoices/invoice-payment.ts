import type { InvoicePaymentDetails, InvoiceSummary } from '@portal/schema/invoices';
import { bankBarcode } from './bank-barcode.ts';
import { epcQrPayload } from './epc-qr.ts';
import type { InvoiceSeller } from './invoice-parties.ts';
import { printedReference, readReference } from './reference-number.ts';

/** How to pay, with the EPC QR code's text when the site prints one. */
export type InvoicePayment = InvoicePaymentDetails & { epcQr: string | null };

/**
 * How to pay an invoice to the site's first account (docs/decisions/095). The reference is read from the invoice as
 * issued; the bar code and the QR code are made only for an unpaid invoice with something to pay, so a paid one
 * cannot be paid twice by a scan. Null while the site has no payee details.
 */
export function invoicePayment(
  invoice: Pick<InvoiceSummary, 'invoiceNumber' | 'referenceNumber' | 'totalCents' | 'dueDate' | 'paymentStatus'>,
  seller: InvoiceSeller,
): InvoicePayment | null {
  const { payee, countryCode } = seller;
  const account = payee?.accounts[0];
  if (!payee || !account) return null;
  const reference = readReference(invoice.referenceNumber, countryCode);
  const payable = invoice.paymentStatus === 'unpaid' && invoice.totalCents > 0;
  return {
    payee: payee.legalName,
    accounts: payee.accounts,
    referenceKind: reference.kind,
    reference: reference.value,
    printedReference: printedReference(reference, countryCode),
    virtualBarcode: payable ? bankBarcode({ iban: account.iban, cents: invoice.totalCents, reference, dueDate: invoice.dueDate }) : null,
    epcQr:
      payable && payee.epcQr
        ? epcQrPayload({
            name: payee.legalName,
            iban: account.iban,
            bic: account.bic,
            cents: invoice.totalCents,
            remittance: reference.kind === 'purpose' ? { unstructured: reference.value } : { structured: reference.value },
          })
        : null,
  };
}

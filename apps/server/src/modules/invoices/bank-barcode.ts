import type { PaymentReference } from './reference-number.ts';

export type BankBarcodeInput = {
  /** The payee's IBAN in electronic form; only a Finnish account has a bank bar code. */
  iban: string;
  /** The amount to pay, euro cents. */
  cents: number;
  reference: PaymentReference;
  /** YYYY-MM-DD, or null for none. */
  dueDate: string | null;
};

/**
 * The 54 digits of the Finnish bank bar code (pankkiviivakoodi) as Finance Finland's "Bank Bar Code Guide" (version 5.3,
 * 8 November 2012, corrected 21 October 2019) defines them; printed as text this is the virtual bar code
 * (virtuaaliviivakoodi) people paste into their bank, and as Code 128 it is the bar code itself.
 *
 * - Version 4, national reference: 4 · IBAN digits (16) · euros (6) · cents (2) · 000 · reference (20, zero-padded) · YYMMDD
 * - Version 5, RF reference:       5 · IBAN digits (16) · euros (6) · cents (2) · RF check (2) · reference body (21) · YYMMDD
 *
 * An amount above 999 999,99 € is written as zeros, as is a missing due date (the payer enters them). Null when the guide
 * has no code for the payment: a foreign account, a payment purpose instead of a reference, an RF reference with letters.
 */
export function bankBarcode({ iban, cents, reference, dueDate }: BankBarcodeInput): string | null {
  if (!/^FI\d{16}$/.test(iban) || reference.kind === 'purpose') return null;
  const account = iban.slice(2);
  const amount = cents > 0 && cents <= 99_999_999 ? String(cents).padStart(8, '0') : '00000000';
  const due = dueDate ? `${dueDate.slice(2, 4)}${dueDate.slice(5, 7)}${dueDate.slice(8, 10)}` : '000000';
  if (reference.kind === 'national') {
    if (!/^\d{1,20}$/.test(reference.value)) return null;
    return `4${account}${amount}000${reference.value.padStart(20, '0')}${due}`;
  }
  const match = /^RF(\d{2})(\d{1,21})$/.exec(reference.value);
  if (!match) return null;
  return `5${account}${amount}${match[1]}${match[2]!.padStart(21, '0')}${due}`;
}

import type { ReferenceKind } from '@portal/schema/payee';

/**
 * RF creditor reference (ISO 11649) for a numeric base: "RF" + two check digits + the base. Banks in
 * Finland, Estonia and Latvia accept it on SEPA transfers.
 */
export function rfReference(base: string): string {
  const digits = base.replace(/\D/g, '').replace(/^0+/, '') || '0';
  // Letters R=27, F=15; the check is 98 − ((base + "RF00") mod 97).
  const remainder = BigInt(`${digits}271500`) % 97n;
  const check = String(98n - remainder).padStart(2, '0');
  return `RF${check}${digits}`;
}

export function isValidRfReference(reference: string): boolean {
  const match = /^RF(\d{2})(\d{1,21})$/.exec(reference);
  if (!match) return false;
  return BigInt(`${match[2]}2715${match[1]}`) % 97n === 1n;
}

/**
 * The 7-3-1 check digit of the Finnish viitenumero (Finance Finland) and the Estonian viitenumber (Pangaliit,
 * "Reference Number of the Invoice"): the base's digits times 7, 3, 1, 7, 3, 1 … from the right, summed; the check
 * is what lifts the sum to the next multiple of ten. Pangaliit's example: 12131295 → 2.
 */
export function checkDigit731(base: string): number {
  const weights = [7, 3, 1];
  const sum = [...base].reverse().reduce((total, digit, index) => total + Number(digit) * weights[index % 3]!, 0);
  return (10 - (sum % 10)) % 10;
}

/** A national reference from a numeric base of 1–19 digits: the base without leading zeros and its 7-3-1 check digit. */
export function nationalReference(base: string): string {
  const digits = base.replace(/\D/g, '').replace(/^0+/, '').slice(-19) || '0';
  return `${digits}${checkDigit731(digits)}`;
}

/**
 * Whether a national reference is well formed: digits with a right 7-3-1 check digit, 4–20 long in Finland (three digits
 * and the check at least) and 2–20 in Estonia.
 */
export function isValidNationalReference(reference: string, countryCode: 'FI' | 'EE' = 'FI'): boolean {
  const shortest = countryCode === 'FI' ? 4 : 2;
  if (!/^\d+$/.test(reference) || reference.length < shortest || reference.length > 20 || reference.startsWith('0')) return false;
  return checkDigit731(reference.slice(0, -1)) === Number(reference.at(-1));
}

/**
 * The reference a new invoice carries, by the site's kind (docs/decisions/095): national or RF from a numeric base,
 * or, where banks use none (Latvia), the invoice number, which the transfer's payment purpose carries.
 */
export function referenceFor(kind: ReferenceKind, base: string, invoiceNumber: string): string {
  if (kind === 'national') return nationalReference(base);
  if (kind === 'rf') return rfReference(base);
  return invoiceNumber;
}

/**
 * What a stored reference is, read from its form, so an invoice prints as issued whatever the site chooses later:
 * an RF reference, a national one (digits with a right check digit), or the text of a payment purpose.
 */
export type PaymentReference = { kind: 'rf' | 'national'; value: string } | { kind: 'purpose'; value: string };

export function readReference(stored: string, countryCode: 'FI' | 'EE' | 'LV'): PaymentReference {
  const compact = stored.replace(/\s+/g, '').toUpperCase();
  if (isValidRfReference(compact)) return { kind: 'rf', value: compact };
  if (countryCode !== 'LV' && isValidNationalReference(compact, countryCode)) return { kind: 'national', value: compact };
  return { kind: 'purpose', value: stored };
}

/**
 * A reference as printed for people: RF in groups of four (ISO 11649), a Finnish one in groups of five from the right
 * (Finance Finland), an Estonian one in groups of four from the left (Pangaliit). Banks take it without the spaces.
 */
export function printedReference(reference: PaymentReference, countryCode: 'FI' | 'EE' | 'LV'): string {
  if (reference.kind === 'purpose') return reference.value;
  if (reference.kind === 'rf' || countryCode === 'EE') return reference.value.replace(/(.{4})(?=.)/g, '$1 ');
  return reference.value.replace(/\B(?=(\d{5})+$)/g, ' ');
}

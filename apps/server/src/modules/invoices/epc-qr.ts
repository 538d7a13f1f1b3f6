export type EpcTransfer = {
  /** The beneficiary's name, at most 70 characters. */
  name: string;
  /** IBAN in electronic form. */
  iban: string;
  /** BIC of the beneficiary's bank; optional within the EEA. */
  bic: string | null;
  /** Euro cents, 1 to 99 999 999 999; anything else leaves the amount for the payer to enter. */
  cents: number;
  /** The structured creditor reference (RF, or the national one), or the unstructured remittance text. */
  remittance: { structured: string } | { unstructured: string };
};

/** A QR code of this guideline holds at most 331 bytes (version 13 at error correction level M). */
export const EPC_QR_MAX_BYTES = 331;

/**
 * The text of the EPC QR code, as the European Payments Council's "Quick Response Code: Guidelines to Enable Data
 * Capture for the Initiation of a SEPA Credit Transfer" (EPC069-12) lays it out: one element a line (LF), in this order:
 * service tag BCD, version 002, character set 1 (UTF-8), identification SCT, BIC, name, IBAN, amount (EUR and the
 * amount with a decimal point, no more decimals than needed), purpose (unused), structured remittance or unstructured
 * remittance (one of them only), and nothing after the last element that has a value.
 */
export function epcQrPayload({ name, iban, bic, cents, remittance }: EpcTransfer): string {
  const amount = cents >= 1 && cents <= 99_999_999_999 ? `EUR${euros(cents)}` : '';
  const structured = 'structured' in remittance ? remittance.structured : '';
  const unstructured = 'unstructured' in remittance ? remittance.unstructured : '';
  const lines = [
    'BCD',
    '002',
    '1',
    'SCT',
    bic ?? '',
    name.slice(0, 70),
    iban,
    amount,
    '',
    structured.slice(0, 35),
    unstructured.slice(0, 140),
  ];
  while (lines.at(-1) === '') lines.pop();
  const payload = lines.join('\n');
  if (new TextEncoder().encode(payload).length > EPC_QR_MAX_BYTES) throw new Error('EPC QR payload over 331 bytes');
  return payload;
}

/** 1230 → "12.3", 100 → "1": the guideline's own examples write amounts this way (EUR12.3, EUR1). */
function euros(cents: number): string {
  const whole = Math.floor(cents / 100);
  const fraction = String(cents % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

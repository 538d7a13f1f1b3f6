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

import { z } from 'zod';
import { estonianCheckDigit, weightedSum } from './check-digits.ts';
import { identifierField, identifierText } from './identifier-text.ts';

/**
 * Business registry codes of the three operating countries with their check digits, as each is typed or pasted
 * (white space and dashes by `identifierText`), answered in the register's own written form, the one stored and
 * compared: the Finnish Y-tunnus 0737546-2, the Estonian registrikood 10060701, the Latvian reģistrācijas numurs
 * 90000069281. Also the Finnish OVT e-invoice address built on a Y-tunnus (0037 + 8 digits).
 */

/**
 * FI Y-tunnus (yritys- ja yhteisötunnus, Valtioneuvoston asetus 288/2001; the check digit as the Finnish Patent and
 * Registration Office and the Tax Administration publish it for YTJ): seven digits and a check digit, written with a
 * hyphen (0737546-2). The digits weighted 7 9 10 5 8 4 2 are summed mod 11: remainder 0 gives 0, remainder 1 is never
 * issued, any other r gives 11 − r. Taken with or without the hyphen, since VAT numbers (FI07375462) and OVT codes
 * (003707375462) carry it without; answered with it. Null when it is no Y-tunnus.
 */
export function finnishBusinessIdOf(text: string): string | null {
  const match = /^(\d{7})-?(\d)$/.exec(identifierText(text));
  if (!match) return null;
  const remainder = weightedSum(match[1]!, [7, 9, 10, 5, 8, 4, 2]) % 11;
  if (remainder === 1 || (remainder === 0 ? 0 : 11 - remainder) !== Number(match[2])) return null;
  return `${match[1]}-${match[2]}`;
}

/**
 * EE registrikood (äriregister, MTÜ ja SA register, riigi ja kohaliku omavalitsuse asutuste register; the Centre of
 * Registers and Information Systems): eight digits, the first by kind of legal person (1 companies, 7 state and local
 * government bodies, 8 non-profit associations, 9 foundations), the last the isikukood's two-pass check digit. Null
 * when it is no registrikood.
 */
export function estonianRegistryCodeOf(text: string): string | null {
  const code = identifierText(text);
  if (!/^[1789]\d{7}$/.test(code)) return null;
  return estonianCheckDigit(code.slice(0, 7)) === Number(code[7]) ? code : null;
}

/**
 * LV reģistrācijas numurs of a legal person: eleven digits. The Register of Enterprises numbers companies, associations
 * and foundations from 4 and 5; the State Revenue Service gives public bodies (ministries, agencies, municipalities and
 * their institutions, schools) theirs from 9, e.g. its own 90000069281. A first digit 0–3 would be a natural person's
 * code. Neither publishes its check digit; the rule both series keep (and the State Revenue Service's VAT numbers, the
 * same digits) is Σ digit × 9 1 4 8 3 10 2 5 7 6 1 ≡ 3 (mod 11), checked on their published numbers: 40003032949
 * (Latvenergo AS) and 90000069281, 90000022399, 90002573483 of public bodies. Null when it is no registration number.
 */
export function latvianRegistrationNumberOf(text: string): string | null {
  const code = identifierText(text);
  if (!/^[4-9]\d{10}$/.test(code)) return null;
  return weightedSum(code, [9, 1, 4, 8, 3, 10, 2, 5, 7, 6, 1]) % 11 === 3 ? code : null;
}

/** OVT (Finnish e-invoice address): 0037, the Y-tunnus without hyphen, and up to five characters of the unit. */
export function isOvtCode(code: string): boolean {
  const match = /^0037(\d{8})([0-9A-Z]{0,5})$/.exec(identifierText(code));
  return !!match && finnishBusinessIdOf(match[1]!) !== null;
}

/**
 * The business code of the country's own register in its written form (Y-tunnus in Finland, registrikood in Estonia,
 * reģistrācijas numurs in Latvia), or null when the text is none of that country's.
 */
export function businessCodeOf(countryCode: 'FI' | 'EE' | 'LV', text: string): string | null {
  if (countryCode === 'FI') return finnishBusinessIdOf(text);
  if (countryCode === 'EE') return estonianRegistryCodeOf(text);
  return latvianRegistrationNumberOf(text);
}

/** A business code as a request carries it: as typed (with spaces, up to 40 characters), compact at most 20. */
export const businessCodeText = identifierField(40).pipe(z.string().min(1).max(20));

/**
 * GET /api/business/validate/{code}: whether a business code is well formed for the site's country, check digit
 * included; `code` is the register's written form when valid (07375462 → 0737546-2), else the code as compacted.
 */
export const businessCodeValidation = z
  .object({ code: z.string(), countryCode: z.enum(['FI', 'EE', 'LV']), valid: z.boolean() })
  .meta({ id: 'BusinessCodeValidation' });
export type BusinessCodeValidation = z.infer<typeof businessCodeValidation>;

export const businessCodeParams = z.object({ code: businessCodeText });

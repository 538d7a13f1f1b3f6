import { z } from 'zod';

/**
 * Business registry codes with their real check digits: the Finnish Y-tunnus (1234567-8), the Estonian registry
 * code (8 digits, mod 11 with weights 1..7, then 3..9 when that gives 10) and the Latvian registration number (11 digits, the
 * Register of Enterprises' weights). Also the Finnish OVT e-invoice address built on a Y-tunnus (0037 + 8 digits).
 */

/** Y-tunnus: seven digits, a hyphen and a check digit; weights 7 9 10 5 8 4 2, mod 11 (remainder 1 is never issued). */
export function isFinnishBusinessId(code: string): boolean {
  const match = /^(\d{7})-(\d)$/.exec(code);
  if (!match) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2];
  const sum = [...match[1]!].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0);
  const remainder = sum % 11;
  if (remainder === 1) return false;
  return (remainder === 0 ? 0 : 11 - remainder) === Number(match[2]);
}

/** Estonian registry code: 8 digits, the last a check digit by weights 1–7,1 then 3–9,1,2, mod 11. */
export function isEstonianRegistryCode(code: string): boolean {
  if (!/^[1789]\d{7}$/.test(code)) return false;
  const digits = [...code].map(Number);
  const checkWith = (weights: number[]) => digits.slice(0, 7).reduce((total, digit, index) => total + digit * weights[index]!, 0) % 11;
  let check = checkWith([1, 2, 3, 4, 5, 6, 7]);
  if (check === 10) check = checkWith([3, 4, 5, 6, 7, 8, 9]);
  if (check === 10) check = 0;
  return check === digits[7];
}

/** Latvian registration number of a legal person: 11 digits starting 4 or 5; check = (3 − Σ digit × 9 1 4 8 3 10 2 5 7 6) mod 11. */
export function isLatvianRegistrationNumber(code: string): boolean {
  if (!/^[45]\d{10}$/.test(code)) return false;
  const weights = [9, 1, 4, 8, 3, 10, 2, 5, 7, 6];
  const sum = [...code.slice(0, 10)].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0);
  const check = (((3 - (sum % 11)) % 11) + 11) % 11;
  return check < 10 && check === Number(code[10]);
}

/** OVT (Finnish e-invoice address): 0037, the Y-tunnus without hyphen, and up to five characters of the unit. */
export function isOvtCode(code: string): boolean {
  const match = /^0037(\d{7})(\d)([0-9A-Z]{0,5})$/.exec(code);
  return !!match && isFinnishBusinessId(`${match[1]}-${match[2]}`);
}

/** GET /api/business/validate/{code}: whether a business code is well formed for the site's country, check digit included. */
export const businessCodeValidation = z
  .object({ code: z.string(), countryCode: z.enum(['FI', 'EE', 'LV']), valid: z.boolean() })
  .meta({ id: 'BusinessCodeValidation' });
export type BusinessCodeValidation = z.infer<typeof businessCodeValidation>;

export const businessCodeParams = z.object({ code: z.string().trim().min(1).max(20) });

/** The check of the country's own register: Y-tunnus in Finland, registry code in Estonia, registration number in Latvia. */
export function isBusinessCode(countryCode: 'FI' | 'EE' | 'LV', code: string): boolean {
  const compact = code.replace(/\s+/g, '');
  if (countryCode === 'FI') return isFinnishBusinessId(compact);
  if (countryCode === 'EE') return isEstonianRegistryCode(compact);
  return isLatvianRegistrationNumber(compact);
}

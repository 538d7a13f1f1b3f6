import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { OperatingCountryCode } from '@portal/schema/enums';

/** A number a person can be called or texted on: not a service, premium or universal access number. */
const PERSONAL_NUMBER_TYPES = new Set(['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE']);
const MOBILE_NUMBER_TYPES = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/**
 * A number a person can be called or texted on, in international form, or null: read in the site's country when it
 * has no country code, judged by libphonenumber-js (full metadata); service, premium and universal access numbers
 * are not a person's. `mobileOnly` asks for a number that takes text messages.
 */
export function personalPhoneNumber(value: string, country: OperatingCountryCode, { mobileOnly = false } = {}): string | null {
  const parsed = parsePhoneNumberFromString(value, country);
  const type = parsed?.getType();
  if (!parsed?.isValid() || !type || !(mobileOnly ? MOBILE_NUMBER_TYPES : PERSONAL_NUMBER_TYPES).has(type)) return null;
  return parsed.number;
}

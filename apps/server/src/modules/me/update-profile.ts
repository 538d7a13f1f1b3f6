import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { Profile, UpdateProfileRequest } from '@portal/schema/identity';
import { badRequest, HttpError } from '../../platform/errors.ts';
import type { ProfileRepository } from './profile-repository.ts';

/**
 * Saves the person's contact details. The phone number is read in the site's country when it has no
 * country code and stored in international form; an e-mail address can belong to one person only.
 */
export async function updateProfile(
  profiles: ProfileRepository,
  personId: string,
  siteCountry: string,
  changes: UpdateProfileRequest,
): Promise<Profile> {
  let phone: string | null = null;
  if (changes.phone) {
    const parsed = parsePhoneNumberFromString(changes.phone, siteCountry as CountryCode);
    if (!parsed?.isValid()) throw badRequest(`phone: ${changes.phone} is not a valid phone number`, 'INVALID_PHONE');
    phone = parsed.number;
  }
  const email = changes.email?.trim().toLowerCase() ?? null;
  if (email && (await profiles.emailTakenByAnother(personId, email))) {
    throw new HttpError(409, 'ConflictError', 'email: this address is already used by another account', 'EMAIL_IN_USE');
  }
  return profiles.update(personId, { ...changes, email, phone }, new Date());
}

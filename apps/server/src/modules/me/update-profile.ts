import { createHash, randomBytes } from 'node:crypto';
import type { Profile, UpdateProfileRequest } from '@portal/schema/identity';
import type { SiteBootstrap } from '@portal/schema/site';
import { sendMailJob } from '../../integrations/mail/send-mail-job.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { personalPhoneNumber } from '../../platform/phone-numbers.ts';
import { emailChangeMail } from './email-change-mail.ts';
import { profileRepository as profiles } from './profile-repository.ts';

/** How long an e-mail confirmation link works. */
export const EMAIL_LINK_VALID_HOURS = 24;

export const hashEmailToken = (token: string) => createHash('sha256').update(token).digest('hex');

type Request = { personId: string; site: SiteBootstrap; origin: string; now: Date };

/**
 * Saves the person's contact details. The phone number is read in the site's country when it has no country
 * code, must be a number libphonenumber-js (full metadata) judges a real personal number, and is stored in
 * international form. A new e-mail address is not saved: a single-use link that expires is mailed to it (through
 * the outbox, in the same transaction), and the current address stays until the link is followed. Parts a site
 * switched off (phone, marketing channels; spec §6) keep their stored values.
 */
export async function updateProfile(db: Database, request: Request, changes: UpdateProfileRequest): Promise<Profile> {
  const { personId, site, now } = request;
  const phoneOffered = !site.features.includes('SETTINGS_PHONE_NUMBER_DISABLED');
  const marketingOffered = !site.features.includes('SETTINGS_MARKETING_CHANNELS_DISABLED');
  const phone = phoneOffered ? normalisedPhone(changes.phone, site) : undefined;
  if (changes.preferredLocale && !site.locales.some((locale) => locale.id === changes.preferredLocale)) {
    throw new AppError('PREFERRED_LOCALE_NOT_OFFERED', `preferredLocale: ${changes.preferredLocale} is not a language of this site`);
  }
  const email = changes.email?.trim().toLowerCase() ?? null;

  await db.transaction(async (tx) => {
    const current = await profiles.current(tx, personId);
    if (!current) throw new AppError('PROFILE_NOT_FOUND', 'Profile not found');
    if (email && email !== current.email) {
      if (await profiles.emailTakenByAnother(tx, personId, email)) {
        throw new AppError('EMAIL_IN_USE', 'email: this address is already used by another account');
      }
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + EMAIL_LINK_VALID_HOURS * 3600_000);
      await profiles.replaceEmailChange(tx, { personId, siteId: site.id, newEmail: email, tokenHash: hashEmailToken(token), expiresAt });
      const url = `${request.origin}/settings/email-confirmation?token=${token}`;
      const locale = current.preferredLocale ?? changes.preferredLocale ?? site.defaultLocaleId;
      await enqueue(tx, sendMailJob, emailChangeMail(site, locale, email, url, EMAIL_LINK_VALID_HOURS));
    }
    await profiles.update(
      tx,
      personId,
      {
        phone: phone === undefined ? current.phone : phone,
        preferredLocale: changes.preferredLocale,
        contactPreference: changes.contactPreference,
        marketingChannels:
          marketingOffered && changes.marketingChannels ? [...new Set(changes.marketingChannels)] : current.marketingChannels,
      },
      now,
    );
  });
  return (await profiles.find(db, personId, now))!;
}

function normalisedPhone(value: string | null, site: SiteBootstrap): string | null {
  if (!value) return null;
  const number = personalPhoneNumber(value, site.countryCode);
  if (!number) throw new AppError('INVALID_PHONE', `phone: ${value} is not a valid phone number`);
  return number;
}

/**
 * Follows an e-mail confirmation link: the signed-in person's own, unused and unexpired link replaces their
 * address with the one it was sent to. The row is locked, so two clicks at once change it once.
 */
export async function confirmEmail(db: Database, request: Omit<Request, 'origin'>, token: string): Promise<Profile> {
  const { personId, site, now } = request;
  await db.transaction(async (tx) => {
    const change = await profiles.emailChangeByToken(tx, personId, site.id, hashEmailToken(token));
    if (!change) throw new AppError('EMAIL_LINK_INVALID', 'This confirmation link is not yours or does not exist');
    if (change.usedAt) throw new AppError('EMAIL_LINK_USED', 'This confirmation link has already been used');
    if (change.expiresAt <= now) throw new AppError('EMAIL_LINK_EXPIRED', 'This confirmation link has expired');
    if (await profiles.emailTakenByAnother(tx, personId, change.newEmail)) {
      throw new AppError('EMAIL_IN_USE', 'email: this address is already used by another account');
    }
    await profiles.applyEmailChange(tx, change, now);
  });
  return (await profiles.find(db, personId, now))!;
}

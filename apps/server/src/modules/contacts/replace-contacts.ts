import type { Contact, ReplaceContactsRequest } from '@portal/schema/settings';
import type { SiteBootstrap } from '@portal/schema/site';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { personalPhoneNumber } from '../../platform/phone-numbers.ts';
import { contactRepository as contacts } from './contact-repository.ts';
import { notificationSettingRepository as notificationSettings } from '../notification-settings/notification-setting-repository.ts';
import type { CustomerScope } from '../../platform/actor.ts';

/**
 * Saves the customer's whole contact list: e-mail addresses in lower case, phone numbers in international form
 * (read in the site's country; a Gsm contact must take text messages). Ids name contacts that exist; an id of
 * nobody's or another customer's is 404, and nothing is written.
 */
export async function replaceContacts(
  db: Database,
  scope: CustomerScope,
  site: SiteBootstrap,
  request: ReplaceContactsRequest,
): Promise<Contact[]> {
  const normalised = request.contacts.map((item, index) => {
    if (item.method === 'Email') return { ...item, value: item.value.toLowerCase() };
    const number = personalPhoneNumber(item.value, site.countryCode, { mobileOnly: item.method === 'Gsm' });
    if (!number)
      throw new AppError(
        'INVALID_PHONE',
        `contacts.${index}.value: ${item.value} is not a valid ${item.method === 'Gsm' ? 'mobile' : 'phone'} number`,
      );
    return { ...item, value: number };
  });
  const keys = normalised.map((item) => `${item.method}:${item.value}`);
  const twice = keys.findIndex((key, index) => keys.indexOf(key) !== index);
  if (twice >= 0) throw new AppError('CONTACT_DUPLICATE', `contacts.${twice}.value: the same contact is listed twice`);

  await db.transaction(async (tx) => {
    const existing = new Set(await contacts.lockIds(tx, scope));
    const unknown = normalised.find((item) => item.id !== undefined && !existing.has(item.id));
    if (unknown) throw new AppError('CONTACT_NOT_FOUND', `No contact of yours with id ${unknown.id}`);
    await contacts.replace(tx, scope, normalised);
    // Notification settings name contacts by id: a contact left out of the list no longer receives anything.
    const kept = await contacts.list(tx, scope);
    await notificationSettings.keepOnlyContacts(
      tx,
      scope,
      kept.map((item) => item.id),
    );
  });
  return contacts.list(db, scope);
}

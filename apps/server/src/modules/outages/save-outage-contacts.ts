import type { OutageContact, OutageContacts, SaveOutageContactsRequest } from '@portal/schema/outage-contacts';
import type { SiteBootstrap } from '@portal/schema/site';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { personalPhoneNumber } from '../../platform/phone-numbers.ts';
import { outageRepository as outages } from './outage-repository.ts';

/**
 * PUT /api/me/outage-contacts: replaces the outage contacts of one of the customer's contracts in force. E-mail
 * addresses are kept in lower case and numbers in international form (read in the site's country; Gsm must take
 * text messages); another customer's contract, or one not in force, is 404 and nothing is written.
 */
export async function saveOutageContacts(
  db: Database,
  scope: CustomerScope,
  site: SiteBootstrap,
  request: SaveOutageContactsRequest,
): Promise<OutageContacts> {
  const contacts: OutageContact[] = request.contacts.map((item, index) => {
    if (item.method === 'Post' || item.value === null) return { ...item, value: null };
    if (item.method === 'Email') return { ...item, value: item.value.toLowerCase() };
    const number = personalPhoneNumber(item.value, site.countryCode, { mobileOnly: item.method === 'Gsm' });
    if (!number) {
      const kind = item.method === 'Gsm' ? 'mobile' : 'phone';
      throw new AppError('INVALID_PHONE', `contacts.${index}.value: ${item.value} is not a valid ${kind} number`);
    }
    return { ...item, value: number };
  });
  const keys = contacts.map((item) => `${item.method}:${item.value ?? ''}`);
  const twice = keys.findIndex((key, index) => keys.indexOf(key) !== index);
  if (twice >= 0) throw new AppError('CONTACT_DUPLICATE', `contacts.${twice}.value: the same contact is listed twice`);

  await db.transaction(async (tx) => {
    if (!(await outages.hasContract(tx, scope, request.contractId, { lock: true }))) {
      throw new AppError('CONTRACT_NOT_FOUND', 'You have no contract in force by that id');
    }
    await outages.replaceContacts(tx, scope, request.contractId, contacts);
  });
  return { contractId: request.contractId, contacts: await outages.contacts(db, scope, request.contractId) };
}

import { z } from 'zod';
import { outageContactMethod, outageNotificationTiming, utility } from './enums.ts';
import { identifierText } from './identifier-text.ts';

/*
 * Spec §7 GET /api/me/outage-addresses, GET /api/me/outage-contacts?contractId, PUT /api/me/outage-contacts
 * (settings feature SETTINGS_OUTAGE_CONTACTS on a site with OUTAGES). Who the utility tells, and when, about an
 * outage at a place the customer has a contract for: per contract (spec §3 "outage contact: keyed by contractId").
 */

/** A place of the acting customer's contracts in force, where an outage can be: what the contacts are kept for. */
export const outageAddress = z
  .object({
    contractId: z.string(),
    contractNumber: z.string(),
    objectId: z.string(),
    utility,
    street: z.string(),
    postalCode: z.string(),
    city: z.string(),
    countryCode: z.string(),
  })
  .meta({ id: 'OutageAddress' });
export type OutageAddress = z.infer<typeof outageAddress>;
export const outageAddressList = z.array(outageAddress);

/** Most ways of being told about one place's outages. */
export const MAX_OUTAGE_CONTACTS = 5;

/**
 * One way of being told: an e-mail address for Email, a phone number for Phone (a call) and Gsm (a text message),
 * checked per site country by the server; nothing for Post, which goes to the customer's postal address. Timing
 * (spec §3): Always; NoNightHours (nothing between 22:00 and 07:00 on the site's clock); SendAfterNightHours (what
 * happens at night is sent at 07:00).
 */
export const outageContact = z
  .object({
    method: outageContactMethod,
    value: z.string().nullable(),
    timing: outageNotificationTiming,
  })
  .meta({ id: 'OutageContact' });
export type OutageContact = z.infer<typeof outageContact>;

export const outageContacts = z.object({ contractId: z.string(), contacts: z.array(outageContact) }).meta({ id: 'OutageContacts' });
export type OutageContacts = z.infer<typeof outageContacts>;

export const outageContactsQuery = z.object({ contractId: z.string().trim().min(1, 'contractId is required').max(64) });

const outageContactInput = z
  .object({
    method: outageContactMethod,
    value: z.string().trim().max(254).nullable(),
    timing: outageNotificationTiming,
  })
  // A phone number as pasted, compacted before the server checks it in the site's country.
  .transform((item) =>
    item.value && (item.method === 'Phone' || item.method === 'Gsm') ? { ...item, value: identifierText(item.value) } : item,
  );

/** PUT /api/me/outage-contacts: the contract's whole list as it should be; an empty list stops outage notices. */
export const saveOutageContactsRequest = z
  .object({
    contractId: z.string().trim().min(1, 'contractId is required').max(64),
    contacts: z.array(outageContactInput).max(MAX_OUTAGE_CONTACTS),
  })
  .superRefine(({ contacts }, context) => {
    const seen = new Set<string>();
    contacts.forEach((item, index) => {
      const path = ['contacts', index, 'value'];
      if (item.method === 'Post') {
        if (item.value) context.addIssue({ code: 'custom', path, message: 'post goes to the postal address: leave value empty' });
      } else if (!item.value) {
        context.addIssue({ code: 'custom', path, message: 'value is required' });
      } else if (item.method === 'Email' && !z.email().safeParse(item.value).success) {
        context.addIssue({ code: 'custom', path, message: 'value must be a valid e-mail address' });
      }
      const key = `${item.method}:${(item.value ?? '').toLowerCase()}`;
      if (seen.has(key)) context.addIssue({ code: 'custom', path, message: 'the same contact is listed twice' });
      seen.add(key);
    });
  })
  .meta({ id: 'SaveOutageContactsRequest' });
export type SaveOutageContactsRequest = z.input<typeof saveOutageContactsRequest>;

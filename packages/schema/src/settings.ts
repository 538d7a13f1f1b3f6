import { electronicFormatIBAN, extractIBAN, isSEPACountry, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { contactMethod, contractNotificationChannel } from './enums.ts';
import { identifierField, identifierText } from './identifier-text.ts';

/** POST /api/me/email-confirmation: the token of the link mailed to the new address. */
export const confirmEmailRequest = z
  .object({ token: z.string().trim().min(20, 'token is required').max(200) })
  .meta({ id: 'ConfirmEmailRequest' });
export type ConfirmEmailRequest = z.infer<typeof confirmEmailRequest>;

/**
 * An IBAN as people type or paste it (any white space, lower case), in electronic form; checked by ibantools, never
 * by our own regex.
 */
export const iban = identifierField(64)
  .transform((value) => electronicFormatIBAN(value) ?? '')
  .refine((value) => isValidIBAN(value), { message: 'iban must be a valid IBAN' })
  // Refunds and direct debit are SEPA payments.
  .refine((value) => isSEPACountry(value.slice(0, 2)), { message: 'iban must be of a SEPA country' });

/** The bank's code inside an IBAN (ibantools' country specifications), or null when the country has none. */
export function bankIdentifierOf(value: string): { countryCode: string; bankIdentifier: string } | null {
  const parts = extractIBAN(value);
  if (!parts.valid || !parts.countryCode || !parts.bankIdentifier) return null;
  return { countryCode: parts.countryCode, bankIdentifier: parts.bankIdentifier };
}

/** Bank account of spec §3 (bankAccountId), used for refunds and direct debit. */
export const bankAccount = z
  .object({
    bankAccountId: z.string(),
    iban: z.string(),
    /** Looked up from the IBAN's bank code; null when the bank is not one the portal knows. */
    bic: z.string().nullable(),
    ownerName: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'BankAccount' });
export type BankAccount = z.infer<typeof bankAccount>;
export const bankAccountList = z.array(bankAccount);

export const addBankAccountRequest = z
  .object({
    iban,
    ownerName: z.string().trim().min(1, 'ownerName is required').max(140),
  })
  .meta({ id: 'AddBankAccountRequest' });
export type AddBankAccountRequest = z.input<typeof addBankAccountRequest>;

export const bankAccountParams = z.object({ bankAccountId: z.uuid('bankAccountId must be a UUID') });

/** Most contacts one customer keeps: enough for a household or a small company, bounded for the form and the server. */
export const MAX_CONTACTS = 20;

/** A way to reach the customer (spec §3 contact method Email, Phone, Gsm); the id is an integer, as contactsIds are. */
export const contact = z
  .object({
    id: z.number().int(),
    name: z.string(),
    method: contactMethod,
    value: z.string(),
    primary: z.boolean(),
  })
  .meta({ id: 'Contact' });
export type Contact = z.infer<typeof contact>;
export const contactList = z.array(contact);

const contactInput = z
  .object({
    /** Present for a contact that exists; left out for a new one. */
    id: z.number().int().positive().optional(),
    name: z.string().trim().max(100),
    method: contactMethod,
    /**
     * An e-mail address for Email; a phone number for Phone and Gsm, compacted by `identifierText` and checked per site
     * country by the server.
     */
    value: z.string().trim().min(1, 'value is required').max(254),
    primary: z.boolean(),
  })
  .transform((item) => (item.method === 'Email' ? item : { ...item, value: identifierText(item.value) }));

/**
 * PUT /api/me/contacts: the customer's whole list as it should be. E-mail addresses are checked here; phone numbers
 * by the server in the site's country. One primary contact per method, and no contact twice.
 */
export const replaceContactsRequest = z
  .object({ contacts: z.array(contactInput).max(MAX_CONTACTS) })
  .superRefine(({ contacts }, context) => {
    const seen = new Set<string>();
    const primaries = new Set<string>();
    contacts.forEach((item, index) => {
      if (item.method === 'Email' && !z.email().safeParse(item.value).success) {
        context.addIssue({ code: 'custom', path: ['contacts', index, 'value'], message: 'value must be a valid e-mail address' });
      }
      const key = `${item.method}:${item.value.toLowerCase()}`;
      if (seen.has(key))
        context.addIssue({ code: 'custom', path: ['contacts', index, 'value'], message: 'the same contact is listed twice' });
      seen.add(key);
      if (item.primary && primaries.has(item.method)) {
        context.addIssue({ code: 'custom', path: ['contacts', index, 'primary'], message: 'one primary contact per method' });
      }
      if (item.primary) primaries.add(item.method);
    });
  })
  .meta({ id: 'ReplaceContactsRequest' });
export type ReplaceContactsRequest = z.infer<typeof replaceContactsRequest>;

/**
 * Kinds of address (spec §7 addresses `requestType`): the places energy is delivered to (`usage`, from the
 * customer's supply objects) and where mail (`postal`) and invoices (`billing`) go, which the customer keeps.
 */
export const ADDRESS_REQUEST_TYPES = ['usage', 'postal', 'billing'] as const;
export const addressRequestType = z.enum(ADDRESS_REQUEST_TYPES);
export type AddressRequestType = z.infer<typeof addressRequestType>;
export const EDITABLE_ADDRESS_TYPES = ['postal', 'billing'] as const;
export const editableAddressType = z.enum(EDITABLE_ADDRESS_TYPES);
export type EditableAddressType = z.infer<typeof editableAddressType>;

export const customerAddress = z
  .object({
    id: z.string(),
    requestType: addressRequestType,
    street: z.string(),
    postalCode: z.string(),
    city: z.string(),
    countryCode: z.string(),
    /** A usage place's supply object; null for postal and billing addresses. */
    objectId: z.string().nullable(),
    /** A usage place with a contract in force today (site time); postal and billing addresses: false. */
    hasActiveContract: z.boolean(),
  })
  .meta({ id: 'CustomerAddress' });
export type CustomerAddress = z.infer<typeof customerAddress>;
export const customerAddressList = z.array(customerAddress);

/** GET /api/me/addresses?requestType&isWithActiveContractOnly (spec §7); without requestType, every kind. */
export const addressesQuery = z.object({
  requestType: addressRequestType.optional(),
  isWithActiveContractOnly: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type AddressesQuery = z.output<typeof addressesQuery>;

/** Postal codes of the three operating countries; elsewhere any code of letters, digits, spaces and dashes. */
const POSTAL_CODES: Record<string, RegExp> = { FI: /^\d{5}$/, EE: /^\d{5}$/, LV: /^LV-\d{4}$/ };

export const saveAddressRequest = z
  .object({
    street: z.string().trim().min(1, 'street is required').max(200),
    postalCode: z.string().trim().toUpperCase().min(1, 'postalCode is required').max(12),
    city: z.string().trim().min(1, 'city is required').max(100),
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'countryCode must be two letters (ISO 3166-1)'),
  })
  .superRefine((address, context) => {
    const pattern = POSTAL_CODES[address.countryCode] ?? /^[A-Z0-9][A-Z0-9 -]*$/;
    if (!pattern.test(address.postalCode)) {
      context.addIssue({ code: 'custom', path: ['postalCode'], message: `postalCode is not a postal code of ${address.countryCode}` });
    }
  })
  .meta({ id: 'SaveAddressRequest' });
export type SaveAddressRequest = z.input<typeof saveAddressRequest>;
export const addressParams = z.object({ requestType: editableAddressType });

/**
 * What a customer can be notified about (GET /api/me/notification-subjects). The spec names no subjects; these are
 * the ones the portal's data can answer: an invoice falling due, tomorrow's spot price (sites with
 * SETTINGS_SPOT_PRICE), yesterday's consumption, outages (sites with OUTAGES) and customer service's replies to
 * support requests (sites with SUPPORT, docs/decisions/056), and a monthly reminder to read a hand-read meter (sites
 * with METER_READING_ENTRY, docs/decisions/112). Thresholds are in `unit`.
 */
export const NOTIFICATION_SUBJECTS = [
  'INVOICE_DUE',
  'SPOT_PRICE',
  'DAILY_CONSUMPTION',
  'OUTAGE',
  'SUPPORT_REPLY',
  'METER_READING',
  // Customer service moved a connection request (sites with CONNECTION_REQUESTS, docs/decisions/124).
  'CONNECTION_REQUEST',
  // The month's power peak is about to rise at a point with a power charge (sites with POWER_PEAK_ALERTS, docs/decisions/128).
  'POWER_PEAK',
] as const;
export const notificationSubjectCode = z.enum(NOTIFICATION_SUBJECTS);
export type NotificationSubjectCode = z.infer<typeof notificationSubjectCode>;

export const notificationSubject = z
  .object({
    subject: notificationSubjectCode,
    /** The unit of the thresholds, or null when the subject has none. */
    thresholdUnit: z.enum(['c/kWh', 'kWh']).nullable(),
    /** The subject takes a margin in kW (POWER_PEAK: alert this close below the peak, docs/decisions/128). */
    marginUnit: z.enum(['kW']).nullable().optional(),
  })
  .meta({ id: 'NotificationSubject' });
export type NotificationSubject = z.infer<typeof notificationSubject>;

/** Spec §3 notification update threshold: notify below `lower` and above `upper`; either may be left out. */
export const notificationThreshold = z
  .object({
    lower: z.number().min(-1_000_000).max(1_000_000).nullable(),
    upper: z.number().min(-1_000_000).max(1_000_000).nullable(),
  })
  .refine(({ lower, upper }) => lower === null || upper === null || lower <= upper, {
    path: ['upper'],
    message: 'upper must not be below lower',
  });

/** The widest margin a power peak alert takes: a household's peak is a few kW to a few tens of kW. */
export const MAX_MARGIN_KW = 50;

/** Spec §3 notification update: enabled, threshold {lower, upper}, contactsIds (converted to integers). */
export const notificationUpdate = z
  .object({
    enabled: z.boolean(),
    threshold: notificationThreshold.nullable(),
    contactsIds: z.array(z.coerce.number<unknown>().int().positive()).max(MAX_CONTACTS),
    /**
     * POWER_PEAK only: alert when the hour is heading within this many kW of the month's peak (or of the power
     * charge's threshold, when higher). Left out or null, the alert comes when the hour reaches it.
     */
    marginKw: z.number().min(0).max(MAX_MARGIN_KW).nullable().optional(),
  })
  .meta({ id: 'NotificationUpdate' });
export type NotificationUpdate = z.input<typeof notificationUpdate>;

export const createNotificationSettingRequest = notificationUpdate
  .extend({ subject: notificationSubjectCode, channel: contractNotificationChannel })
  .meta({ id: 'CreateNotificationSettingRequest' });
export type CreateNotificationSettingRequest = z.input<typeof createNotificationSettingRequest>;

export const notificationSetting = z
  .object({
    id: z.number().int(),
    subject: notificationSubjectCode,
    channel: contractNotificationChannel,
    enabled: z.boolean(),
    threshold: z.object({ lower: z.number().nullable(), upper: z.number().nullable() }).nullable(),
    contactsIds: z.array(z.number().int()),
    /** POWER_PEAK's margin in kW (docs/decisions/128), null when none is set; left out for other subjects. */
    marginKw: z.number().nullable().optional(),
  })
  .meta({ id: 'NotificationSetting' });
export type NotificationSetting = z.infer<typeof notificationSetting>;
export const notificationSettingList = z.array(notificationSetting);

/** GET /api/me/notification-settings?filter: the settings of one subject, or all. */
export const notificationSettingsQuery = z.object({ filter: notificationSubjectCode.optional() });
export const notificationSettingParams = z.object({ id: z.coerce.number<unknown>().int().positive() });

/*
 * The history of alerts (docs/decisions/043-alerts.md): what was sent to the customer, on which channel, to whom,
 * and when. GET /api/me/notification-history.
 */
export const NOTIFICATION_DELIVERY_STATUSES = ['queued', 'sent', 'failed'] as const;
export const notificationDeliveryStatus = z.enum(NOTIFICATION_DELIVERY_STATUSES);
/** The channels an alert is sent on: a letter is no way to say tomorrow's price. */
export const ALERT_CHANNELS = ['Email', 'Gsm', 'PushNotification'] as const;
export const alertChannel = z.enum(ALERT_CHANNELS);
export type AlertChannel = z.infer<typeof alertChannel>;

export const notificationDelivery = z
  .object({
    id: z.number().int(),
    subject: notificationSubjectCode,
    channel: alertChannel,
    /** The e-mail address or number it went to; for push, the browser's name as the person's device reported it. */
    recipient: z.string(),
    /** The message's title, in the language it was sent in. */
    title: z.string(),
    status: notificationDeliveryStatus,
    createdAt: z.string(),
    sentAt: z.string().nullable(),
  })
  .meta({ id: 'NotificationDelivery' });
export type NotificationDelivery = z.infer<typeof notificationDelivery>;
export const notificationDeliveryList = z.array(notificationDelivery);

/** GET /api/me/membership (MEMBERSHIP_NUMBER): the acting customer's member number in a cooperative utility. */
export const membership = z
  .object({ membershipNumber: z.string().nullable(), memberSince: z.string().nullable() })
  .meta({ id: 'Membership' });
export type Membership = z.infer<typeof membership>;

/**
 * GET/PUT /api/me/notifications (spec §3 notification update, docs/decisions/042-notifications-call.md): the spot-price
 * alert in the spec's compact form, where SETTINGS_SPOT_PRICE is on. `contactsIds` may name e-mail and mobile contacts;
 * each kind becomes that channel's SPOT_PRICE setting.
 */
export const spotPriceNotification = z
  .object({
    enabled: z.boolean(),
    threshold: z.object({ lower: z.number().nullable(), upper: z.number().nullable() }).nullable(),
    contactsIds: z.array(z.number().int()),
  })
  .meta({ id: 'SpotPriceNotification' });
export type SpotPriceNotification = z.infer<typeof spotPriceNotification>;

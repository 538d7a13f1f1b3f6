import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { contactMethod, contractNotificationChannel } from '@portal/schema/enums';
import { EDITABLE_ADDRESS_TYPES, NOTIFICATION_SUBJECTS } from '@portal/schema/settings';
import { enumText, oneOf } from './enum-column.ts';
import { customer, person } from './identity.ts';
import { site } from './sites.ts';

/**
 * A new e-mail address waiting for its owner to follow the link mailed to it (docs/decisions/040). Only the
 * SHA-256 of the link's token is kept, so a copy of the table opens nothing; a link works once and until it expires.
 */
export const emailChange = pgTable(
  'email_change',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('email_change_token_hash_unique').on(table.tokenHash), index('email_change_person_idx').on(table.personId)],
);

/** A customer's bank account for refunds and direct debit; one IBAN once per customer. */
export const bankAccount = pgTable(
  'bank_account',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    /** Electronic form: upper case, no spaces. */
    iban: text('iban').notNull(),
    bic: text('bic'),
    ownerName: text('owner_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('bank_account_customer_iban_unique').on(table.customerId, table.iban)],
);

/** A way to reach a customer (e-mail, phone, mobile); at most one primary per method. Integer ids: notification settings name them. */
export const customerContact = pgTable(
  'customer_contact',
  {
    /** By default: a saved list is written again in one statement, keeping the ids of the contacts that stay. */
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    method: enumText('method', contactMethod.options).notNull(),
    /** An e-mail address in lower case, or a phone number in international form. */
    value: text('value').notNull(),
    primary: boolean('is_primary').notNull().default(false),
  },
  (table) => [
    uniqueIndex('customer_contact_value_unique').on(table.customerId, table.method, table.value),
    uniqueIndex('customer_contact_primary_unique')
      .on(table.customerId, table.method)
      .where(sql`${table.primary}`),
    oneOf('customer_contact_method_check', table.method, contactMethod.options),
  ],
);

/** Where the customer's mail and invoices go: at most one postal and one billing address per customer. */
export const customerAddress = pgTable(
  'customer_address',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    requestType: enumText('request_type', EDITABLE_ADDRESS_TYPES).notNull(),
    street: text('street').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    countryCode: text('country_code').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customer_address_kind_unique').on(table.customerId, table.requestType),
    oneOf('customer_address_request_type_check', table.requestType, EDITABLE_ADDRESS_TYPES),
  ],
);

/**
 * How a customer wants to hear about one subject on one channel, with optional thresholds (exact decimals) and
 * the contacts (customer_contact ids) to use.
 */
export const notificationSetting = pgTable(
  'notification_setting',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    subject: enumText('subject', NOTIFICATION_SUBJECTS).notNull(),
    channel: enumText('channel', contractNotificationChannel.options).notNull(),
    enabled: boolean('enabled').notNull(),
    thresholdLower: numeric('threshold_lower', { precision: 12, scale: 3 }),
    thresholdUpper: numeric('threshold_upper', { precision: 12, scale: 3 }),
    /** POWER_PEAK's margin in kW below the peak (docs/decisions/128). */
    marginKw: numeric('margin_kw', { precision: 6, scale: 3 }),
    contactsIds: integer('contacts_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('notification_setting_subject_channel_unique').on(table.customerId, table.subject, table.channel),
    oneOf('notification_setting_subject_check', table.subject, NOTIFICATION_SUBJECTS),
    oneOf('notification_setting_channel_check', table.channel, contractNotificationChannel.options),
    check(
      'notification_setting_threshold_order_check',
      sql`${table.thresholdLower} is null or ${table.thresholdUpper} is null or ${table.thresholdLower} <= ${table.thresholdUpper}`,
    ),
    check(
      'notification_setting_margin_check',
      sql`${table.marginKw} is null or (${table.subject} = 'POWER_PEAK' and ${table.marginKw} >= 0)`,
    ),
  ],
);

import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { contactPreference, customerType, MARKETING_CHANNELS, type MarketingChannel } from '@portal/schema/enums';
import { DATA_AREAS } from '@portal/schema/data-access';
import { ACCESS_RELATIONS, staffRole } from '@portal/schema/identity';
import { LOCALE_IDS } from '@portal/schema/locale-ids';
import { enumText, oneOf } from './enum-column.ts';
import { site } from './sites.ts';

/**
 * A natural person who signs in. Auth.js knows this table as its "user"; the portal adds the personal code
 * the e-ID broker vouched for and when it last did so.
 */
export const person = pgTable(
  'person',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    name: text('name'),
    email: text('email').unique(),
    emailVerified: timestamp('email_verified', { withTimezone: true, mode: 'date' }),
    image: text('image'),
    /** Country-prefixed personal code, e.g. EE38001085718 or FI010180-123A: the e-ID subject. */
    ssn: text('ssn').unique(),
    countryCode: text('country_code'),
    /** Last strong (SSN) verification, the start of the re-verification period of spec §4. */
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    phone: text('phone'),
    preferredLocale: enumText('preferred_locale', LOCALE_IDS),
    contactPreference: enumText('contact_preference', contactPreference.options).notNull().default('email'),
    /** Channels the person agreed to receive marketing on (docs/decisions/040); none until they choose. */
    marketingChannels: text('marketing_channels')
      .array()
      .$type<MarketingChannel[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    oneOf('person_preferred_locale_check', table.preferredLocale, LOCALE_IDS),
    oneOf('person_contact_preference_check', table.contactPreference, contactPreference.options),
    check(
      'person_marketing_channels_check',
      sql`${table.marketingChannels} <@ array[${sql.raw(MARKETING_CHANNELS.map((channel) => `'${channel}'`).join(', '))}]::text[]`,
    ),
  ],
);

export const authAccount = pgTable(
  'auth_account',
  {
    userId: text('user_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    provider: text('provider').notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    refresh_token: text('refresh_token'),
    access_token: text('access_token'),
    expires_at: integer('expires_at'),
    token_type: text('token_type'),
    scope: text('scope'),
    id_token: text('id_token'),
    session_state: text('session_state'),
  },
  (table) => [primaryKey({ columns: [table.provider, table.providerAccountId] })],
);

export const authSession = pgTable(
  'auth_session',
  {
    sessionToken: text('session_token').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    expires: timestamp('expires', { withTimezone: true, mode: 'date' }).notNull(),
    /** A session belongs to the site it was started on and opens nothing on another. */
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** What "active sessions" names a session by: the token is a secret and never leaves the server. */
    id: text('id')
      .notNull()
      .unique()
      .default(sql`gen_random_uuid()::text`),
    /** The browser's User-Agent at sign-in, parsed when listed (docs/decisions/077). */
    userAgent: text('user_agent'),
    /** Written at most every few minutes per session (platform/session-activity.ts), not on every request. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('auth_session_user_idx').on(table.userId)],
);

export const authVerificationToken = pgTable(
  'auth_verification_token',
  {
    identifier: text('identifier').notNull(),
    token: text('token').notNull(),
    expires: timestamp('expires', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.identifier, table.token] })],
);

/** A customer of one site: a private person or a company, known to the utility by its client code. */
export const customer = pgTable(
  'customer',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    clientCode: text('client_code').notNull(),
    type: enumText('type', customerType.options).notNull(),
    name: text('name').notNull(),
    /** Company registry code for legal customers. */
    businessCode: text('business_code'),
    /** Member number in a cooperative utility (MEMBERSHIP_NUMBER, docs/decisions/044); null for non-members. */
    membershipNumber: text('membership_number'),
    memberSince: date('member_since'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customer_site_client_code_unique').on(table.siteId, table.clientCode),
    oneOf('customer_type_check', table.type, customerType.options),
  ],
);

/**
 * Who may act for which customer. A private customer's own person has a row with relation 'self';
 * board members and authorised persons have 'representative'. The code is what the browser sends back
 * (representative-code cookie); it means nothing without the session of the person it belongs to.
 */
export const customerAccess = pgTable(
  'customer_access',
  {
    code: text('code').primaryKey(),
    customerId: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    relation: enumText('relation', ACCESS_RELATIONS).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('customer_access_person_customer_unique').on(table.personId, table.customerId),
    oneOf('customer_access_relation_check', table.relation, ACCESS_RELATIONS),
  ],
);

/** Staff of one site: customer service act for any customer of the site; admins run the site's settings. */
export const staffMember = pgTable(
  'staff_member',
  {
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    role: enumText('role', staffRole.options).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.personId, table.siteId, table.role] }),
    oneOf('staff_member_role_check', table.role, staffRole.options),
  ],
);

/** Every staff action and every refused attempt to act for someone: who, for whom, what, and the outcome. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: text('site_id').notNull(),
    personId: text('person_id'),
    customerId: text('customer_id'),
    action: text('action').notNull(),
    outcome: text('outcome').notNull(),
    requestId: text('request_id').notNull(),
    ipAddress: text('ip_address'),
    details: text('details'),
    /** What an administrator's change replaced and what it wrote (docs/decisions/072); null for reads. */
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff role the line was written under; null for a customer's or a stranger's own calls. */
    actorRole: enumText('actor_role', staffRole.options),
    /** Which part of the customer's data a staff call touched ("who looked at my data"); null when none. */
    dataArea: enumText('data_area', DATA_AREAS),
  },
  (table) => [
    index('audit_log_site_created_idx').on(table.siteId, table.createdAt),
    index('audit_log_customer_access_idx')
      .on(table.customerId, table.createdAt)
      .where(sql`${table.dataArea} is not null`),
    index('audit_log_person_created_idx').on(table.personId, table.createdAt),
    oneOf('audit_log_actor_role_check', table.actorRole, staffRole.options),
    oneOf('audit_log_data_area_check', table.dataArea, DATA_AREAS),
  ],
);

/** Per site, the OpenID Connect clients of its e-ID broker and telecom sign-in. */
export const siteIdentityProvider = pgTable(
  'site_identity_provider',
  {
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    /** 'eid' (bank links, Smart-ID, ID card…) or 'telecom' (Mobile-ID, mobile certificate). */
    providerId: text('provider_id').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret').notNull(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.providerId] })],
);

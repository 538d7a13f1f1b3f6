import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { linkKind, operatingCountryCode } from '@portal/schema/enums';
import { REFERENCE_KINDS, type PayeeAccount } from '@portal/schema/payee';
import type { LocaleId } from '@portal/schema/locale-ids';
import { contactLinkType } from '@portal/schema/site';
import { SITE_FEATURES } from '@portal/schema/features';
import { THEME_IDS } from '@portal/schema/themes';
import { translationSet } from '@portal/schema/translations';
import { enumText, oneOf, quoted } from './enum-column.ts';

/** Footer link row (and external-service look-ups), or the contact row. */
const LINK_PLACEMENTS = ['link', 'contact'] as const;
const LINK_TYPES = [...linkKind.options, 'HOME_PAGE'] as const;
const EXTERNAL_SERVICE_TYPES = [...LINK_TYPES, ...contactLinkType.options] as const;

export const locale = pgTable('locale', {
  id: text('id').$type<LocaleId>().primaryKey(),
  name: text('name').notNull(),
});

export const site = pgTable(
  'site',
  {
    id: text('id').primaryKey(),
    companyName: text('company_name').notNull(),
    timezone: text('timezone').notNull(),
    defaultLocaleId: text('default_locale_id')
      .$type<LocaleId>()
      .notNull()
      .references(() => locale.id),
    themeId: enumText('theme_id', THEME_IDS).notNull(),
    countryCode: enumText('country_code', operatingCountryCode.options).notNull(),
    gaMeasurementId: text('ga_measurement_id'),
    cookiebotId: text('cookiebot_id'),
    gtmId: text('gtm_id'),
    piwikProId: text('piwik_pro_id'),
    piwikProUrl: text('piwik_pro_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    oneOf('site_theme_id_check', table.themeId, THEME_IDS),
    oneOf('site_country_code_check', table.countryCode, operatingCountryCode.options),
  ],
);

export const siteLocale = pgTable(
  'site_locale',
  {
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    localeId: text('locale_id')
      .$type<LocaleId>()
      .notNull()
      .references(() => locale.id),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.localeId] })],
);

export const siteDomain = pgTable('site_domain', {
  host: text('host').primaryKey(),
  siteId: text('site_id')
    .notNull()
    .references(() => site.id, { onDelete: 'cascade' }),
});

export const siteMetaField = pgTable(
  'site_meta_field',
  {
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    localeId: text('locale_id')
      .$type<LocaleId>()
      .notNull()
      .references(() => locale.id),
    name: text('name').notNull(),
    content: text('content').notNull(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.localeId, table.name] })],
);

export const siteFeature = pgTable(
  'site_feature',
  {
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    feature: enumText('feature', SITE_FEATURES).notNull(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.feature] }), oneOf('site_feature_feature_check', table.feature, SITE_FEATURES)],
);

/** Links to services outside the portal (link kinds of spec §3) and the footer's contact links. */
export const siteExternalService = pgTable(
  'site_external_service',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    /** 'link' for the footer link row and external-service look-ups, 'contact' for the contact row. */
    placement: enumText('placement', LINK_PLACEMENTS).notNull(),
    type: enumText('type', EXTERNAL_SERVICE_TYPES).notNull(),
    url: text('url').notNull(),
    label: text('label'),
    localeId: text('locale_id')
      .$type<LocaleId>()
      .references(() => locale.id),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    uniqueIndex('site_external_service_unique').on(table.siteId, table.placement, table.type, sql`coalesce(${table.localeId}, '')`),
    oneOf('site_external_service_placement_check', table.placement, LINK_PLACEMENTS),
    // A footer link is one of the link kinds (or the home page); a contact row entry one of the contact kinds.
    check(
      'site_external_service_type_check',
      sql`(${table.placement} = 'link' and ${table.type} in (${sql.raw(quoted(LINK_TYPES))})) or (${table.placement} = 'contact' and ${table.type} in (${sql.raw(quoted(contactLinkType.options))}))`,
    ),
  ],
);

export const translationOverride = pgTable(
  'translation_override',
  {
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    localeId: text('locale_id')
      .$type<LocaleId>()
      .notNull()
      .references(() => locale.id),
    bundle: enumText('bundle', translationSet.options).notNull().default('web'),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.localeId, table.bundle, table.key] }),
    oneOf('translation_override_bundle_check', table.bundle, translationSet.options),
  ],
);

/**
 * The seller and payee the site's invoices name (docs/decisions/095): one row per site, edited in the admin area.
 * `accounts` is the ordered list of IBAN and BIC pairs (the first one goes into the bar code and the QR code).
 */
export const sitePayee = pgTable(
  'site_payee',
  {
    siteId: text('site_id')
      .primaryKey()
      .references(() => site.id, { onDelete: 'cascade' }),
    legalName: text('legal_name').notNull(),
    businessId: text('business_id').notNull(),
    vatNumber: text('vat_number').notNull(),
    street: text('street').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    accounts: jsonb('accounts').$type<PayeeAccount[]>().notNull(),
    referenceKind: enumText('reference_kind', REFERENCE_KINDS).notNull(),
    epcQr: boolean('epc_qr').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    oneOf('site_payee_reference_kind_check', table.referenceKind, REFERENCE_KINDS),
    check(
      'site_payee_accounts_check',
      sql`jsonb_typeof(${table.accounts}) = 'array' and jsonb_array_length(${table.accounts}) between 1 and 3`,
    ),
  ],
);

import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const locale = pgTable('locale', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
});

export const site = pgTable('site', {
  id: text('id').primaryKey(),
  companyName: text('company_name').notNull(),
  timezone: text('timezone').notNull(),
  defaultLocaleId: text('default_locale_id')
    .notNull()
    .references(() => locale.id),
  themeId: text('theme_id').notNull(),
  countryCode: text('country_code').notNull(),
  gaMeasurementId: text('ga_measurement_id'),
  cookiebotId: text('cookiebot_id'),
  gtmId: text('gtm_id'),
  piwikProId: text('piwik_pro_id'),
  piwikProUrl: text('piwik_pro_url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const siteLocale = pgTable(
  'site_locale',
  {
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    localeId: text('locale_id')
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
    feature: text('feature').notNull(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.feature] })],
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
    placement: text('placement').notNull(),
    type: text('type').notNull(),
    url: text('url').notNull(),
    label: text('label'),
    localeId: text('locale_id').references(() => locale.id),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    uniqueIndex('site_external_service_unique').on(table.siteId, table.placement, table.type, sql`coalesce(${table.localeId}, '')`),
  ],
);

export const translationOverride = pgTable(
  'translation_override',
  {
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    localeId: text('locale_id')
      .notNull()
      .references(() => locale.id),
    /** 'web' or 'mobile' bundle. */
    bundle: text('bundle').notNull().default('web'),
    key: text('key').notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.localeId, table.bundle, table.key] })],
);

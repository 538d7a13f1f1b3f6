import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_SEVERITIES } from '@portal/schema/announcements';
import { utility } from '@portal/schema/enums';
import type { LocaleId } from '@portal/schema/locale-ids';
import { enumText, oneOf } from './enum-column.ts';
import { site } from './sites.ts';

/** An announcement's title and sanitised HTML body per language; only languages the administrator wrote. */
export type AnnouncementTexts = Partial<Record<LocaleId, { title: string; body: string }>>;

/**
 * A site's notice to its customers (spec §3, docs/decisions/059-portal-announcements.md): shown while now is in
 * [validFrom, validUntil) to the customers of its audience. The body is stored sanitised and sanitised again on read.
 */
export const announcement = pgTable(
  'announcement',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    audience: enumText('audience', ANNOUNCEMENT_AUDIENCES).notNull(),
    /** Only with the `utility` audience: customers with a metering point of this utility on the site. */
    utility: enumText('utility', utility.options),
    severity: enumText('severity', ANNOUNCEMENT_SEVERITIES).notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true, mode: 'date' }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true, mode: 'date' }).notNull(),
    texts: jsonb('texts').$type<AnnouncementTexts>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('announcement_site_valid_idx').on(table.siteId, table.validUntil),
    oneOf('announcement_audience_check', table.audience, ANNOUNCEMENT_AUDIENCES),
    oneOf('announcement_utility_check', table.utility, utility.options),
    oneOf('announcement_severity_check', table.severity, ANNOUNCEMENT_SEVERITIES),
    check('announcement_period_check', sql`${table.validUntil} > ${table.validFrom}`),
    check('announcement_utility_audience_check', sql`(${table.audience} = 'utility') = (${table.utility} is not null)`),
  ],
);

import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DATA_EXPORT_STATUSES } from '@portal/schema/data-export';
import { bytes } from './bytes-column.ts';
import { enumText, oneOf } from './enum-column.ts';
import { customer, person } from './identity.ts';
import { site } from './sites.ts';

/**
 * A copy of everything the portal holds about a customer (GDPR Art. 15 and 20, docs/decisions/110), asked for by a
 * person acting for them and made by a job. Downloadable until `expires_at`; the retention job then removes it.
 */
export const dataExport = pgTable(
  'data_export',
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
    /** Who asked: the README is in their language and the notice goes to them. */
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    localeId: text('locale_id').notNull(),
    status: enumText('status', DATA_EXPORT_STATUSES).notNull().default('queued'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('data_export_customer_idx').on(table.siteId, table.customerId, table.createdAt),
    // One copy in the making per customer: the database, not a check before the insert, makes it hold.
    uniqueIndex('data_export_one_queued_unique')
      .on(table.siteId, table.customerId)
      .where(sql`${table.status} = 'queued'`),
    oneOf('data_export_status_check', table.status, DATA_EXPORT_STATUSES),
    check('data_export_ready_check', sql`(${table.status} = 'ready') = (${table.readyAt} is not null and ${table.expiresAt} is not null)`),
  ],
);

/**
 * The ZIP of an export in parts of at most a mebibyte, in order: written as the archive is made and read back as it is
 * downloaded, so neither holds the whole file, and every server copy can serve it.
 */
export const dataExportPart = pgTable(
  'data_export_part',
  {
    exportId: text('export_id')
      .notNull()
      .references(() => dataExport.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    content: bytes('content').notNull(),
  },
  (table) => [primaryKey({ columns: [table.exportId, table.position] })],
);

import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  METER_PHOTO_TYPES,
  METER_READING_ENTERERS,
  METER_READING_SOURCES,
  OVERRIDABLE_READING_CHECKS,
  OVERRIDE_REASON_MAX,
  REGISTER_UNITS,
} from '@portal/schema/meter-readings';
import { bytes } from './bytes-column.ts';
import { enumText, oneOf } from './enum-column.ts';
import { meteringPoint } from './energy.ts';
import { customer, person } from './identity.ts';
import { site } from './sites.ts';

/**
 * A register reading of a meter (docs/decisions/112): the index the meter shows on a day, not the energy of an
 * interval (that is `reading`). CUSTOMER readings are typed in the portal by the customer or someone acting for them;
 * MEASURED ones come from the utility. A measured reading of the same month replaces a customer's: the customer's row
 * stays, pointing at the one that replaced it.
 */
export const meterRegisterReading = pgTable(
  'meter_register_reading',
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
    meteringPointId: text('metering_point_id')
      .notNull()
      .references(() => meteringPoint.id, { onDelete: 'cascade' }),
    /** The site's calendar day the meter was read. */
    readOn: date('read_on', { mode: 'string' }).notNull(),
    /** The register as the meter shows it, exact to three decimals (rule 5). */
    value: numeric('value', { precision: 12, scale: 3 }).notNull(),
    unit: enumText('unit', REGISTER_UNITS).notNull(),
    source: enumText('source', METER_READING_SOURCES).notNull(),
    /** The value starts a new meter's register: the meter was changed since the reading before. */
    meterChanged: boolean('meter_changed').notNull().default(false),
    /** Who typed a CUSTOMER reading, and the person; null for MEASURED ones. */
    enteredBy: enumText('entered_by', METER_READING_ENTERERS),
    enteredByPersonId: text('entered_by_person_id').references(() => person.id, { onDelete: 'set null' }),
    /**
     * Customer service stored the reading although this check refused it, for this reason (docs/decisions/130); who
     * did is `entered_by_person_id`. Null when the checks accepted it.
     */
    overrideCheck: enumText('override_check', OVERRIDABLE_READING_CHECKS),
    overrideReason: text('override_reason'),
    supersededById: text('superseded_by_id').references((): AnyPgColumn => meterRegisterReading.id, { onDelete: 'set null' }),
    supersededAt: timestamp('superseded_at', { withTimezone: true, mode: 'date' }),
    /**
     * The reading system's own id of a MEASURED reading it sent (docs/decisions/131): unique in the site, so a batch
     * sent again stores nothing twice, whichever of the site's system clients sends it. Null for the demo's and the
     * customers' readings.
     */
    externalId: text('external_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('meter_register_reading_point_idx').on(table.meteringPointId, table.readOn, table.createdAt),
    index('meter_register_reading_customer_idx').on(table.siteId, table.customerId),
    uniqueIndex('meter_register_reading_external_unique').on(table.siteId, table.externalId),
    oneOf('meter_register_reading_unit_check', table.unit, REGISTER_UNITS),
    oneOf('meter_register_reading_source_check', table.source, METER_READING_SOURCES),
    oneOf('meter_register_reading_entered_by_check', table.enteredBy, METER_READING_ENTERERS),
    check('meter_register_reading_value_check', sql`${table.value} >= 0`),
    check('meter_register_reading_entered_by_source_check', sql`(${table.source} = 'CUSTOMER') = (${table.enteredBy} is not null)`),
    oneOf('meter_register_reading_override_check_check', table.overrideCheck, OVERRIDABLE_READING_CHECKS),
    // Only staff set a check aside, always with a reason of bounded length.
    check(
      'meter_register_reading_override_check',
      sql`(${table.overrideCheck} is null) = (${table.overrideReason} is null) and (${table.overrideCheck} is null or (${table.enteredBy} = 'staff' and char_length(${table.overrideReason}) between 1 and ${sql.raw(String(OVERRIDE_REASON_MAX))}))`,
    ),
    check('meter_register_reading_external_source_check', sql`${table.externalId} is null or ${table.source} = 'MEASURED'`),
  ],
);

/** The photo of the meter sent with a customer reading: an image judged by its content, kept like support files (055). */
export const meterReadingPhoto = pgTable(
  'meter_reading_photo',
  {
    readingId: text('reading_id')
      .primaryKey()
      .references(() => meterRegisterReading.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: enumText('content_type', METER_PHOTO_TYPES).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    content: bytes('content').notNull(),
  },
  (table) => [
    oneOf('meter_reading_photo_content_type_check', table.contentType, METER_PHOTO_TYPES),
    check('meter_reading_photo_size_check', sql`${table.sizeBytes} = octet_length(${table.content})`),
  ],
);

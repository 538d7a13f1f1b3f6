import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { outageContactMethod, outageNotificationTiming } from '@portal/schema/enums';
import {
  METER_EVENT_KINDS,
  OUTAGE_AREA_KINDS,
  OUTAGE_CAUSES,
  OUTAGE_NOTICE_KINDS,
  OUTAGE_NOTICE_STATUSES,
  OUTAGE_SOURCES,
  OUTAGE_STATUSES,
} from '@portal/schema/outages';
import { enumText, oneOf } from './enum-column.ts';
import { contract, meteringPoint } from './energy.ts';
import { customer } from './identity.ts';
import { site } from './sites.ts';

/**
 * A planned or current interruption of supply in one grid area, as the outage system reports it
 * (docs/decisions/051-outages.md). `external_id` is the outage system's own id: a feed sends the same outage again
 * as it moves from planned to current to ended, and the row follows.
 */
export const outage = pgTable(
  'outage',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    gridArea: text('grid_area').notNull(),
    status: enumText('status', OUTAGE_STATUSES).notNull(),
    cause: enumText('cause', OUTAGE_CAUSES).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    estimatedEndAt: timestamp('estimated_end_at', { withTimezone: true, mode: 'date' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The outage system's report (051) or the operator's staff in the portal (decision 126). */
    source: enumText('source', OUTAGE_SOURCES).notNull().default('system'),
    /** The staff's word on the reason, beside the cause; null for the system's outages. */
    description: text('description'),
    /** Counts the moves of a planned outage's time window: each move is announced once more (decision 126). */
    windowRevision: integer('window_revision').notNull().default(0),
  },
  (table) => [
    uniqueIndex('outage_site_external_unique').on(table.siteId, table.externalId),
    index('outage_site_status_idx').on(table.siteId, table.status),
    oneOf('outage_status_check', table.status, OUTAGE_STATUSES),
    oneOf('outage_cause_check', table.cause, OUTAGE_CAUSES),
    oneOf('outage_source_check', table.source, OUTAGE_SOURCES),
    check('outage_end_after_start_check', sql`${table.estimatedEndAt} >= ${table.startsAt}`),
  ],
);

/**
 * A street an outage cuts, by name without house numbers within one postal code: a place is touched when its
 * postal code is the same and its street address is this name followed by a house number.
 */
export const outageStreet = pgTable(
  'outage_street',
  {
    outageId: text('outage_id')
      .notNull()
      .references(() => outage.id, { onDelete: 'cascade' }),
    postalCode: text('postal_code').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.outageId, table.postalCode, table.street] }),
    index('outage_street_postal_idx').on(table.postalCode),
  ],
);

/**
 * The area an operator's staff gave a planned outage (decision 126): a whole postal code of the site, or one metering
 * point by its GSRN (its place is touched). Beside the streets an outage system reports.
 */
export const outageArea = pgTable(
  'outage_area',
  {
    outageId: text('outage_id')
      .notNull()
      .references(() => outage.id, { onDelete: 'cascade' }),
    kind: enumText('kind', OUTAGE_AREA_KINDS).notNull(),
    value: text('value').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.outageId, table.kind, table.value] }),
    index('outage_area_value_idx').on(table.kind, table.value),
    oneOf('outage_area_kind_check', table.kind, OUTAGE_AREA_KINDS),
  ],
);

/** One thing a meter reported about its supply (power off and on, voltage out of range, tampering). */
export const meterEvent = pgTable(
  'meter_event',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    meteringPointId: text('metering_point_id')
      .notNull()
      .references(() => meteringPoint.id, { onDelete: 'cascade' }),
    kind: enumText('kind', METER_EVENT_KINDS).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    voltage: numeric('voltage', { precision: 6, scale: 1 }),
    outageId: text('outage_id').references(() => outage.id, { onDelete: 'set null' }),
  },
  (table) => [
    // An outage's start and end are reported once per meter, however often the feed repeats them.
    uniqueIndex('meter_event_once_unique').on(table.meteringPointId, table.kind, table.occurredAt),
    index('meter_event_point_time_idx').on(table.meteringPointId, table.occurredAt),
    oneOf('meter_event_kind_check', table.kind, METER_EVENT_KINDS),
  ],
);

/** Who is told about an outage at one contract's place, how and when (spec §3 outage contact, keyed by contract). */
export const outageContact = pgTable(
  'outage_contact',
  {
    contractId: text('contract_id')
      .notNull()
      .references(() => contract.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    method: enumText('method', outageContactMethod.options).notNull(),
    /** An e-mail address in lower case or a phone number in international form; null for Post. */
    value: text('value'),
    timing: enumText('timing', outageNotificationTiming.options).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.contractId, table.position] }),
    index('outage_contact_customer_idx').on(table.siteId, table.customerId),
    oneOf('outage_contact_method_check', table.method, outageContactMethod.options),
    oneOf('outage_contact_timing_check', table.timing, outageNotificationTiming.options),
    check('outage_contact_value_check', sql`(${table.method} = 'Post') = (${table.value} is null)`),
  ],
);

/**
 * One notice of one outage to one outage contact — its start (052), or ahead of a planned outage, its new time window
 * or its cancellation (decision 126): written once per kind and window revision, sent by a job at its hour.
 */
export const outageNotice = pgTable(
  'outage_notice',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    outageId: text('outage_id')
      .notNull()
      .references(() => outage.id, { onDelete: 'cascade' }),
    contractId: text('contract_id')
      .notNull()
      .references(() => contract.id, { onDelete: 'cascade' }),
    method: enumText('method', outageContactMethod.options).notNull(),
    /** The address, the number, or the postal address the letter goes to. */
    recipient: text('recipient').notNull(),
    timing: enumText('timing', outageNotificationTiming.options).notNull(),
    status: enumText('status', OUTAGE_NOTICE_STATUSES).notNull(),
    sendAt: timestamp('send_at', { withTimezone: true, mode: 'date' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    kind: enumText('kind', OUTAGE_NOTICE_KINDS).notNull().default('started'),
    /** The outage's window revision the notice announces (0 for the first announcement and for the start). */
    revision: integer('revision').notNull().default(0),
  },
  (table) => [
    uniqueIndex('outage_notice_once_unique').on(
      table.outageId,
      table.contractId,
      table.method,
      table.recipient,
      table.kind,
      table.revision,
    ),
    oneOf('outage_notice_kind_check', table.kind, OUTAGE_NOTICE_KINDS),
    oneOf('outage_notice_method_check', table.method, outageContactMethod.options),
    oneOf('outage_notice_timing_check', table.timing, outageNotificationTiming.options),
    oneOf('outage_notice_status_check', table.status, OUTAGE_NOTICE_STATUSES),
  ],
);

import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import {
  CONNECTION_REQUEST_KINDS,
  CONNECTION_REQUEST_STATUSES,
  MAIN_FUSE_SIZES,
  MAX_INVERTER_KW,
} from '@portal/schema/connection-requests';
import { ATTACHMENT_TYPES, COMMENT_AUTHORS } from '@portal/schema/support';
import { bytes } from './bytes-column.ts';
import { enumText, oneOf } from './enum-column.ts';
import { meteringPoint } from './energy.ts';
import { customer, person } from './identity.ts';
import { site } from './sites.ts';

/**
 * A customer's request to the network operator (docs/decisions/124): a main fuse change or a microgeneration
 * notification at one of their metering points, or a new connection at an address. Its status moves only by the
 * transitions of `@portal/schema/connection-requests`, under a row lock; each move is a `connection_request_event`.
 */
export const connectionRequest = pgTable(
  'connection_request',
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
    /** Who sent it: the customer, a representative or staff acting for the customer. */
    personId: text('person_id').references(() => person.id, { onDelete: 'set null' }),
    kind: enumText('kind', CONNECTION_REQUEST_KINDS).notNull(),
    status: enumText('status', CONNECTION_REQUEST_STATUSES).notNull().default('received'),
    /** The place of a fuse change or an installation; null for a new connection, which has no metering point yet. */
    meteringPointId: text('metering_point_id').references(() => meteringPoint.id, { onDelete: 'cascade' }),
    /** A new connection's building. */
    street: text('street'),
    postalCode: text('postal_code'),
    city: text('city'),
    /** The main fuse wanted, three-phase, in amperes. */
    fuseAmperes: integer('fuse_amperes'),
    /** Microgeneration: the inverter's rated power in watts, who installed it and when. */
    inverterPowerW: integer('inverter_power_w'),
    installer: text('installer'),
    installationDate: date('installation_date', { mode: 'string' }),
    /** The day the customer wants a fuse change or connection done by. */
    wantedBy: date('wanted_by', { mode: 'string' }),
    message: text('message'),
    /** The locale the customer wrote in: messages about the request go out in it. */
    localeId: text('locale_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('connection_request_customer_idx').on(table.siteId, table.customerId, table.createdAt),
    index('connection_request_queue_idx').on(table.siteId, table.status, table.createdAt),
    oneOf('connection_request_kind_check', table.kind, CONNECTION_REQUEST_KINDS),
    oneOf('connection_request_status_check', table.status, CONNECTION_REQUEST_STATUSES),
    check(
      'connection_request_fuse_check',
      sql`${table.fuseAmperes} is null or ${table.fuseAmperes} in (${sql.raw(MAIN_FUSE_SIZES.join(', '))})`,
    ),
    check(
      'connection_request_inverter_check',
      sql`${table.inverterPowerW} is null or ${table.inverterPowerW} between 1 and ${sql.raw(String(MAX_INVERTER_KW * 1000))}`,
    ),
    // Each kind carries what it is about, and nothing of the others.
    check(
      'connection_request_kind_fields_check',
      sql`case ${table.kind}
        when 'FUSE_CHANGE' then ${table.meteringPointId} is not null and ${table.fuseAmperes} is not null
          and ${table.street} is null and ${table.inverterPowerW} is null
        when 'NEW_CONNECTION' then ${table.meteringPointId} is null and ${table.fuseAmperes} is not null
          and ${table.street} is not null and ${table.postalCode} is not null and ${table.city} is not null and ${table.inverterPowerW} is null
        when 'MICROGENERATION' then ${table.meteringPointId} is not null and ${table.inverterPowerW} is not null
          and ${table.installer} is not null and ${table.installationDate} is not null and ${table.fuseAmperes} is null and ${table.street} is null
        else false end`,
    ),
  ],
);

/** One step of a request's history: sent, a status change by customer service, or the customer's message. */
export const connectionRequestEvent = pgTable(
  'connection_request_event',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    requestId: text('request_id')
      .notNull()
      .references(() => connectionRequest.id, { onDelete: 'cascade' }),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    author: enumText('author', COMMENT_AUTHORS).notNull(),
    personId: text('person_id').references(() => person.id, { onDelete: 'set null' }),
    /** Null for the event that created the request. */
    fromStatus: enumText('from_status', CONNECTION_REQUEST_STATUSES),
    toStatus: enumText('to_status', CONNECTION_REQUEST_STATUSES).notNull(),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('connection_request_event_request_idx').on(table.requestId, table.createdAt),
    oneOf('connection_request_event_author_check', table.author, COMMENT_AUTHORS),
    oneOf('connection_request_event_from_check', table.fromStatus, CONNECTION_REQUEST_STATUSES),
    oneOf('connection_request_event_to_check', table.toStatus, CONNECTION_REQUEST_STATUSES),
  ],
);

/**
 * A file sent with a request or with one of its events: the same types, limits and checks as support's attachments
 * (docs/decisions/055), kept in the database in the transaction of what it came with.
 */
export const connectionRequestAttachment = pgTable(
  'connection_request_attachment',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    requestId: text('request_id')
      .notNull()
      .references(() => connectionRequest.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => connectionRequestEvent.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: enumText('content_type', ATTACHMENT_TYPES).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    content: bytes('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('connection_request_attachment_request_idx').on(table.requestId, table.createdAt),
    oneOf('connection_request_attachment_content_type_check', table.contentType, ATTACHMENT_TYPES),
    check('connection_request_attachment_size_check', sql`${table.sizeBytes} = octet_length(${table.content})`),
  ],
);

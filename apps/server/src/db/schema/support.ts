import { sql } from 'drizzle-orm';
import { check, index, uniqueIndex, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { ATTACHMENT_TYPES, COMMENT_AUTHORS, REQUEST_TYPES, SUPPORT_CHANNELS, TICKET_STATUSES } from '@portal/schema/support';
import { bytes } from './bytes-column.ts';
import { enumText, oneOf } from './enum-column.ts';
import { customer, person } from './identity.ts';
import { site } from './sites.ts';

/** Names of a topic or subtype per locale id; a locale without a name falls back (docs/decisions/054). */
export type LocalisedNames = Record<string, string>;

/** What a contact request is about, at the top level (spec §3 topics), per site. */
export const supportTopic = pgTable(
  'support_topic',
  {
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    names: jsonb('names').$type<LocalisedNames>().notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.code] })],
);

/** A kind of contact request the customer picks (spec §3 subtypes); it decides which handler group's queue gets it. */
export const supportSubtype = pgTable(
  'support_subtype',
  {
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    topicCode: text('topic_code').notNull(),
    handlerGroup: text('handler_group').notNull(),
    names: jsonb('names').$type<LocalisedNames>().notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.code] })],
);

/** A contact request and its life (spec §3 support ticket, §4 statuses); the status moves only by ticket-transitions.ts. */
export const supportTicket = pgTable(
  'support_ticket',
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
    /** Who sent it: the customer themself, a representative or staff acting for the customer. */
    personId: text('person_id').references(() => person.id, { onDelete: 'set null' }),
    requestType: enumText('request_type', REQUEST_TYPES).notNull(),
    subtypeCode: text('subtype_code').notNull(),
    handlerGroup: text('handler_group').notNull(),
    status: enumText('status', TICKET_STATUSES).notNull(),
    channelCode: enumText('channel_code', SUPPORT_CHANNELS),
    contactName: text('contact_name').notNull(),
    email: text('email'),
    /** International form, as libphonenumber-js gives it. */
    phone: text('phone'),
    message: text('message').notNull(),
    /** The locale the customer wrote in: the e-mail of a reply goes out in it. */
    localeId: text('locale_id').notNull(),
    assigneePersonId: text('assignee_person_id').references(() => person.id, { onDelete: 'set null' }),
    /** The case's id in the utility's CRM once handed over (docs/decisions/057); null in the portal's own queue. */
    crmReference: text('crm_reference'),
    /** ADVANCED_SUPPORT: the customer's rating of a resolved request (docs/decisions/058). */
    satisfactionRating: smallint('satisfaction_rating'),
    satisfactionComment: text('satisfaction_comment'),
    ratedAt: timestamp('rated_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('support_ticket_customer_idx').on(table.siteId, table.customerId, table.createdAt),
    check(
      'support_ticket_satisfaction_check',
      sql`${table.satisfactionRating} is null or (${table.satisfactionRating} between 1 and 5 and ${table.status} = 'TS4')`,
    ),
    index('support_ticket_queue_idx').on(table.siteId, table.handlerGroup, table.status),
    oneOf('support_ticket_request_type_check', table.requestType, REQUEST_TYPES),
    oneOf('support_ticket_status_check', table.status, TICKET_STATUSES),
    oneOf('support_ticket_channel_check', table.channelCode, SUPPORT_CHANNELS),
  ],
);

/** A comment on a ticket: the customer's follow-up or customer service's reply. */
export const supportTicketComment = pgTable(
  'support_ticket_comment',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => supportTicket.id, { onDelete: 'cascade' }),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    author: enumText('author', COMMENT_AUTHORS).notNull(),
    personId: text('person_id').references(() => person.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** The comment's id in the CRM: a reply read from the CRM, or a comment handed to it (docs/decisions/057). */
    crmReference: text('crm_reference'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('support_ticket_comment_ticket_idx').on(table.ticketId, table.createdAt),
    uniqueIndex('support_ticket_comment_crm_unique').on(table.ticketId, table.crmReference),
    oneOf('support_ticket_comment_author_check', table.author, COMMENT_AUTHORS),
  ],
);

/**
 * A file sent with a ticket or with one of its comments (docs/decisions/055): kept in the database, in the same
 * transaction as its ticket or comment, so a request is never half stored and every server copy can serve it. The
 * type is the one its content showed (magic bytes), never the name's or the browser's.
 */
export const supportAttachment = pgTable(
  'support_attachment',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => supportTicket.id, { onDelete: 'cascade' }),
    /** Null for a file sent with the request itself. */
    commentId: text('comment_id').references(() => supportTicketComment.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: enumText('content_type', ATTACHMENT_TYPES).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    content: bytes('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('support_attachment_ticket_idx').on(table.ticketId, table.createdAt),
    oneOf('support_attachment_content_type_check', table.contentType, ATTACHMENT_TYPES),
    check('support_attachment_size_check', sql`${table.sizeBytes} = octet_length(${table.content})`),
  ],
);

/**
 * A message in a customer's inbox (spec §3). The content is sanitised HTML made when the message arrives, so
 * reading never has to trust what was stored; the subject is a translation key read in the asked locale.
 */
export const inboxMessage = pgTable(
  'inbox_message',
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
    localeId: text('locale_id').notNull(),
    subjectKey: text('subject_key').notNull(),
    content: text('content').notNull(),
    ticketId: text('ticket_id').references(() => supportTicket.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('inbox_message_customer_idx').on(table.siteId, table.customerId, table.createdAt)],
);

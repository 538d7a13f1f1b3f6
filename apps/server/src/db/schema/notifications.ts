import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ALERT_CHANNELS, NOTIFICATION_DELIVERY_STATUSES, NOTIFICATION_SUBJECTS } from '@portal/schema/settings';
import { enumText, oneOf } from './enum-column.ts';
import { customer, person } from './identity.ts';
import { site } from './sites.ts';

/**
 * The installation's VAPID key pair (docs/decisions/041-web-push.md): made by the first server copy that needs it and
 * kept, so every copy signs with the same key and browsers' subscriptions outlive restarts. One row, id 1.
 */
export const vapidKey = pgTable(
  'vapid_key',
  {
    id: integer('id').primaryKey(),
    /** Uncompressed P-256 point, base64url: the browser's applicationServerKey. */
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [check('vapid_key_single_row_check', sql`${table.id} = 1`)],
);

/**
 * One browser of one person registered for the alerts of one customer they act for (spec §3 push token payload).
 * The endpoint is the push service's address for that browser; p256dh and auth are what the payload is encrypted for.
 */
export const pushSubscription = pgTable(
  'push_subscription',
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
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The browser as its user agent names it, for the history ("Chrome on Android"). */
    device: text('device').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the browser last sent its token (spec §4: at least every 7 days while the person uses the portal). */
    refreshedAt: timestamp('refreshed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // A browser's subscription is one per origin (site); registering it for another customer moves it.
    uniqueIndex('push_subscription_endpoint_unique').on(table.endpoint),
    index('push_subscription_customer_idx').on(table.siteId, table.customerId),
  ],
);

/**
 * An alert decided once (docs/decisions/043-alerts.md): one per customer, subject and the thing it is about (a day,
 * an invoice). The unique key makes "each alert once" a fact of the database, whichever copy's job decided it.
 */
export const notificationAlert = pgTable(
  'notification_alert',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    subject: enumText('subject', NOTIFICATION_SUBJECTS).notNull(),
    /** What it is about: `2031-01-15` for a day's price or consumption, the invoice number for an invoice. */
    alertKey: text('alert_key').notNull(),
    /** The facts the message is written from (prices, hours, kWh, amount, due date), in the message's terms. */
    facts: jsonb('facts').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('notification_alert_once_unique').on(table.customerId, table.subject, table.alertKey),
    oneOf('notification_alert_subject_check', table.subject, NOTIFICATION_SUBJECTS),
  ],
);

/** One alert on one channel to one recipient: what the customer's history shows, and what a delivery job sends. */
export const notificationDelivery = pgTable(
  'notification_delivery',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => notificationAlert.id, { onDelete: 'cascade' }),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    channel: enumText('channel', ALERT_CHANNELS).notNull(),
    /** An e-mail address, a mobile number in international form, or a push subscription's id. */
    recipient: text('recipient').notNull(),
    /** What the history shows for the recipient (a push subscription shows its device). */
    recipientLabel: text('recipient_label').notNull(),
    /** The message as sent, in the customer's language: written when the alert is decided, sent as is. */
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The portal page the message leads to (a push notification opens it). */
    url: text('url').notNull(),
    status: enumText('status', NOTIFICATION_DELIVERY_STATUSES).notNull().default('queued'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('notification_delivery_once_unique').on(table.alertId, table.channel, table.recipient),
    index('notification_delivery_customer_idx').on(table.siteId, table.customerId, table.createdAt),
    oneOf('notification_delivery_channel_check', table.channel, ALERT_CHANNELS),
    oneOf('notification_delivery_status_check', table.status, NOTIFICATION_DELIVERY_STATUSES),
    check('notification_delivery_sent_check', sql`(${table.status} = 'sent') = (${table.sentAt} is not null)`),
  ],
);

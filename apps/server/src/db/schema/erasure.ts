import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ERASURE_STATUSES } from '@portal/schema/erasure';
import { enumText, oneOf } from './enum-column.ts';
import { customer, person } from './identity.ts';
import { site } from './sites.ts';

/**
 * A customer's request to be forgotten (GDPR Art. 17, docs/decisions/122), asked for by a person acting for them and
 * carried out by customer service. Kept after it is done: it is the answer to the request (Art. 5(2), 12(3)), and the
 * token is what the customer's kept invoices and contracts are known by from then on.
 */
export const erasureRequest = pgTable(
  'erasure_request',
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
    /** Who asked; pseudonymised with the rest when the request is carried out. */
    personId: text('person_id').references(() => person.id, { onDelete: 'set null' }),
    status: enumText('status', ERASURE_STATUSES).notNull().default('requested'),
    /** The stable, non-identifying name the customer's kept rows carry after the erasure. */
    token: text('token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    doneByPersonId: text('done_by_person_id').references(() => person.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('erasure_request_site_status_idx').on(table.siteId, table.status, table.createdAt),
    // One request per customer: asking again answers with the one there is.
    uniqueIndex('erasure_request_customer_unique').on(table.siteId, table.customerId),
    oneOf('erasure_request_status_check', table.status, ERASURE_STATUSES),
    check('erasure_request_done_check', sql`(${table.status} = 'done') = (${table.doneAt} is not null)`),
  ],
);

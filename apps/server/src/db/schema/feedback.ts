import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customer, person } from './identity.ts';
import { site } from './sites.ts';

/**
 * A site's feedback survey (spec §3, docs/decisions/050-feedback-survey.md). At most one form of a site is
 * active; renewing it moves refreshedAt, which asks everybody again.
 */
export const feedbackForm = pgTable(
  'feedback_form',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(false),
    // Milliseconds, as JavaScript and the API carry it: an answer's round must compare equal to the form's.
    refreshedAt: timestamp('refreshed_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('feedback_form_site_idx').on(table.siteId, table.createdAt),
    uniqueIndex('feedback_form_one_active_per_site')
      .on(table.siteId)
      .where(sql`${table.active}`),
  ],
);

/** One answer: once per person and round of a form (the form's refreshedAt when it was answered). */
export const feedbackSubmission = pgTable(
  'feedback_submission',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    formId: text('form_id')
      .notNull()
      .references(() => feedbackForm.id, { onDelete: 'cascade' }),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    personId: text('person_id')
      .notNull()
      .references(() => person.id, { onDelete: 'cascade' }),
    /** Whom the person acted for when answering, if anyone. */
    customerId: text('customer_id').references(() => customer.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    openText: text('open_text'),
    formRefreshedAt: timestamp('form_refreshed_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('feedback_submission_once_per_round').on(table.formId, table.personId, table.formRefreshedAt),
    index('feedback_submission_form_idx').on(table.formId, table.createdAt),
    check('feedback_submission_rating_check', sql`${table.rating} between 1 and 5`),
  ],
);

import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clientLogLevel } from '@portal/schema/enums';
import { enumText, oneOf } from './enum-column.ts';
import { site } from './sites.ts';

export const clientLog = pgTable(
  'client_log',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    clientId: text('client_id'),
    requestId: text('request_id').notNull(),
    level: enumText('level', clientLogLevel.options).notNull(),
    message: text('message').notNull(),
    payload: jsonb('payload'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('client_log_site_created_idx').on(table.siteId, table.createdAt),
    oneOf('client_log_level_check', table.level, clientLogLevel.options),
  ],
);

import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SYSTEM_CLIENT_KINDS } from '@portal/schema/inbound-meter-readings';
import { enumText, oneOf } from './enum-column.ts';
import { site } from './sites.ts';

/**
 * A machine of the utility that calls the portal with a token of its own (docs/decisions/131): it belongs to one
 * site and may make one kind of call there. Only the token's SHA-256 is kept, so a copy of the database lets no one
 * call as the system; a revoked row stays for the record, and a new row beside an old one rotates a token without
 * a gap.
 */
export const systemClient = pgTable(
  'system_client',
  {
    id: text('id')
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    kind: enumText('kind', SYSTEM_CLIENT_KINDS).notNull(),
    /** What the utility calls the system ("MeterRead 5 production"), for the logs. */
    name: text('name').notNull(),
    /** Hex SHA-256 of the bearer token: a token has 256 random bits, so a plain hash is enough (no salt, no stretching). */
    tokenSha256: text('token_sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('system_client_token_unique').on(table.tokenSha256),
    index('system_client_site_idx').on(table.siteId),
    oneOf('system_client_kind_check', table.kind, SYSTEM_CLIENT_KINDS),
  ],
);

import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { AdapterPayload } from 'oidc-provider';

/**
 * The demo e-ID service's state (oidc-provider's models: Session, Interaction, Grant, AuthorizationCode,
 * AccessToken, …), one row per model instance, so sign-ins in progress survive a restart and every server copy
 * sees them. Rows past `expires_at` are dead and cleared as new ones are written.
 */
export const demoIdpPayload = pgTable(
  'demo_idp_payload',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<AdapterPayload>().notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index('demo_idp_payload_uid_idx').on(table.model, table.uid),
    index('demo_idp_payload_user_code_idx').on(table.model, table.userCode),
    index('demo_idp_payload_grant_idx').on(table.model, table.grantId),
    index('demo_idp_payload_expires_idx').on(table.expiresAt),
  ],
);

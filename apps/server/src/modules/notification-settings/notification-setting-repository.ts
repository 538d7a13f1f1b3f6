import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { NotificationSetting, NotificationSubjectCode } from '@portal/schema/settings';
import { customerContact, notificationSetting } from '../../db/schema/settings.ts';
import type { Executor, Transaction } from '../../platform/database.ts';
import type { CustomerScope } from '../../platform/actor.ts';

type Row = typeof notificationSetting.$inferSelect;
export type SettingValues = {
  enabled: boolean;
  thresholdLower: string | null;
  thresholdUpper: string | null;
  contactsIds: number[];
  /** POWER_PEAK only (docs/decisions/128); left out, a setting keeps its margin. */
  marginKw?: string | null;
};

const toSetting = (row: Row): NotificationSetting => ({
  id: row.id,
  subject: row.subject,
  channel: row.channel,
  enabled: row.enabled,
  threshold:
    row.thresholdLower === null && row.thresholdUpper === null
      ? null
      : {
          lower: row.thresholdLower === null ? null : Number(row.thresholdLower),
          upper: row.thresholdUpper === null ? null : Number(row.thresholdUpper),
        },
  contactsIds: row.contactsIds,
  // Only the power peak alert has a margin (docs/decisions/128): other subjects keep the spec's shape.
  ...(row.subject === 'POWER_PEAK' ? { marginKw: row.marginKw === null ? null : Number(row.marginKw) } : {}),
});
const ofCustomer = (scope: CustomerScope) =>
  and(eq(notificationSetting.siteId, scope.siteId), eq(notificationSetting.customerId, scope.customerId));

/** The acting customer's notification settings; every statement is scoped by site and customer (rule 1). */
export const notificationSettingRepository = {
  async list(executor: Executor, scope: CustomerScope, subject?: NotificationSubjectCode): Promise<NotificationSetting[]> {
    const rows = await executor
      .select()
      .from(notificationSetting)
      .where(and(ofCustomer(scope), subject ? eq(notificationSetting.subject, subject) : undefined))
      .orderBy(asc(notificationSetting.subject), asc(notificationSetting.id));
    return rows.map(toSetting);
  },
  async find(tx: Transaction, scope: CustomerScope, id: number): Promise<NotificationSetting | null> {
    const [row] = await tx
      .select()
      .from(notificationSetting)
      .where(and(ofCustomer(scope), eq(notificationSetting.id, id)))
      .for('update');
    return row ? toSetting(row) : null;
  },
  /** Null when the customer already has a setting of this subject and channel. */
  async create(
    tx: Transaction,
    scope: CustomerScope,
    setting: SettingValues & Pick<NotificationSetting, 'subject' | 'channel'>,
    now: Date,
  ): Promise<NotificationSetting | null> {
    const [row] = await tx
      .insert(notificationSetting)
      .values({ ...scope, ...setting, updatedAt: now })
      .onConflictDoNothing({ target: [notificationSetting.customerId, notificationSetting.subject, notificationSetting.channel] })
      .returning();
    return row ? toSetting(row) : null;
  },
  async update(tx: Transaction, scope: CustomerScope, id: number, values: SettingValues, now: Date): Promise<NotificationSetting> {
    const [row] = await tx
      .update(notificationSetting)
      .set({ ...values, updatedAt: now })
      .where(and(ofCustomer(scope), eq(notificationSetting.id, id)))
      .returning();
    return toSetting(row!);
  },
  /** Drops from every setting of the customer the contacts that no longer exist (a saved contact list left them out). */
  async keepOnlyContacts(tx: Transaction, scope: CustomerScope, keptIds: number[]): Promise<void> {
    const kept = sql`array[${sql.join(
      keptIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::integer[]`;
    await tx
      .update(notificationSetting)
      .set({
        contactsIds: sql`array(select id from unnest(${notificationSetting.contactsIds}) as id where id = any(${kept}))`,
      })
      .where(ofCustomer(scope));
  },
  /** The methods of those of `ids` that are the customer's contacts. */
  async contactMethods(tx: Transaction, scope: CustomerScope, ids: number[]) {
    if (ids.length === 0) return [];
    return tx
      .select({ id: customerContact.id, method: customerContact.method })
      .from(customerContact)
      .where(
        and(eq(customerContact.siteId, scope.siteId), eq(customerContact.customerId, scope.customerId), inArray(customerContact.id, ids)),
      );
  },
};

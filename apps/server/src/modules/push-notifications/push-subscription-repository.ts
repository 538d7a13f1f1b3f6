import { and, count, eq } from 'drizzle-orm';
import { pushSubscription } from '../../db/schema/notifications.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Executor, Transaction } from '../../platform/database.ts';

export type PushSubscriptionRow = typeof pushSubscription.$inferSelect;
const ofCustomer = (scope: CustomerScope) =>
  and(eq(pushSubscription.siteId, scope.siteId), eq(pushSubscription.customerId, scope.customerId));

/** Browsers registered for a customer's alerts; scoped by site and customer (rule 1), and by person where it is theirs. */
export const pushSubscriptionRepository = {
  /**
   * Registers (or refreshes) a browser for the customer this person acts for. A subscription's endpoint is one
   * browser on one site: sent again by another customer's session in the same browser, it moves there.
   */
  async save(
    tx: Transaction,
    row: CustomerScope & { personId: string; endpoint: string; p256dh: string; auth: string; device: string },
    now: Date,
  ): Promise<void> {
    await tx
      .insert(pushSubscription)
      .values({ ...row, createdAt: now, refreshedAt: now })
      .onConflictDoUpdate({
        target: pushSubscription.endpoint,
        set: {
          siteId: row.siteId,
          customerId: row.customerId,
          personId: row.personId,
          p256dh: row.p256dh,
          auth: row.auth,
          device: row.device,
          refreshedAt: now,
        },
      });
  },
  /** The person switches a browser off: only their own registration, on this site, is removed. */
  async remove(tx: Transaction, siteId: string, personId: string, endpoint: string): Promise<void> {
    await tx
      .delete(pushSubscription)
      .where(and(eq(pushSubscription.siteId, siteId), eq(pushSubscription.personId, personId), eq(pushSubscription.endpoint, endpoint)));
  },
  async countOfPerson(executor: Executor, scope: CustomerScope, personId: string): Promise<number> {
    const [row] = await executor
      .select({ value: count() })
      .from(pushSubscription)
      .where(and(ofCustomer(scope), eq(pushSubscription.personId, personId)));
    return row?.value ?? 0;
  },
  async ofCustomer(executor: Executor, scope: CustomerScope): Promise<PushSubscriptionRow[]> {
    return executor.select().from(pushSubscription).where(ofCustomer(scope));
  },
  async find(executor: Executor, id: string): Promise<PushSubscriptionRow | null> {
    const [row] = await executor.select().from(pushSubscription).where(eq(pushSubscription.id, id));
    return row ?? null;
  },
  /** The push service said the subscription is gone (404/410): it will never take a message again. */
  async forget(executor: Executor, id: string): Promise<void> {
    await executor.delete(pushSubscription).where(eq(pushSubscription.id, id));
  },
};

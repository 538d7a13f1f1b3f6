import { and, desc, eq } from 'drizzle-orm';
import { inboxMessage } from '../../db/schema/support.ts';
import type { Executor, Transaction } from '../../platform/database.ts';
import type { CustomerScope } from '../../platform/actor.ts';

export type InboxMessageRow = typeof inboxMessage.$inferSelect;

/** The SQL of a customer's inbox: every statement names the site and the customer. */
export const inboxRepository = {
  async insert(tx: Transaction, values: typeof inboxMessage.$inferInsert) {
    await tx.insert(inboxMessage).values(values);
  },

  /** Every message of the customer: the list counts the unread itself, without a statement of its own. */
  async list(executor: Executor, scope: CustomerScope): Promise<InboxMessageRow[]> {
    return executor
      .select()
      .from(inboxMessage)
      .where(and(eq(inboxMessage.siteId, scope.siteId), eq(inboxMessage.customerId, scope.customerId)))
      .orderBy(desc(inboxMessage.createdAt), desc(inboxMessage.id));
  },

  /** Marks the message read once (the first reading time stays); false when the customer has no such message. */
  async markRead(executor: Executor, scope: CustomerScope, id: string, at: Date): Promise<boolean> {
    const [found] = await executor
      .select({ readAt: inboxMessage.readAt })
      .from(inboxMessage)
      .where(and(eq(inboxMessage.siteId, scope.siteId), eq(inboxMessage.customerId, scope.customerId), eq(inboxMessage.id, id)));
    if (!found) return false;
    if (!found.readAt) {
      await executor
        .update(inboxMessage)
        .set({ readAt: at })
        .where(and(eq(inboxMessage.siteId, scope.siteId), eq(inboxMessage.customerId, scope.customerId), eq(inboxMessage.id, id)));
    }
    return true;
  },
};

import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { erasureRequest } from '../../db/schema/erasure.ts';
import { customer } from '../../db/schema/identity.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import { queryRows, type Executor, type Transaction } from '../../platform/database.ts';

export type ErasureRow = typeof erasureRequest.$inferSelect;

/** The SQL of requests to be forgotten (docs/decisions/122): every read names the site. */
export const erasureRepository = {
  /** The customer's request, if any. */
  async find(executor: Executor, scope: CustomerScope): Promise<ErasureRow | null> {
    const [row] = await executor
      .select()
      .from(erasureRequest)
      .where(and(eq(erasureRequest.siteId, scope.siteId), eq(erasureRequest.customerId, scope.customerId)));
    return row ?? null;
  },

  /** A new request, or null when the customer has one already (one per customer, by a unique index). */
  async create(
    tx: Transaction,
    values: { siteId: string; customerId: string; personId: string; token: string },
  ): Promise<ErasureRow | null> {
    const [row] = await tx.insert(erasureRequest).values(values).onConflictDoNothing().returning();
    return row ?? null;
  },

  /** What still ties the customer to the utility: contracts not ended or cancelled, and unpaid invoices. */
  async openCounts(executor: Executor, scope: CustomerScope): Promise<{ contracts: number; unpaid: number }> {
    const [open] = await queryRows<{ contracts: number; unpaid: number }>(
      executor,
      sql`select
            (select count(*)::int from contract where site_id = ${scope.siteId} and customer_id = ${scope.customerId}
               and status not in ('ended', 'cancelled')) as contracts,
            (select count(*)::int from invoice where site_id = ${scope.siteId} and customer_id = ${scope.customerId}
               and payment_status = 'unpaid') as unpaid`,
    );
    return open!;
  },

  /** The site's requests waiting to be carried out, oldest first, with whose they are. */
  async waiting(executor: Executor, siteId: string) {
    return executor
      .select({ id: erasureRequest.id, clientCode: customer.clientCode, customerName: customer.name, createdAt: erasureRequest.createdAt })
      .from(erasureRequest)
      .innerJoin(customer, eq(customer.id, erasureRequest.customerId))
      .where(and(eq(erasureRequest.siteId, siteId), eq(erasureRequest.status, 'requested')))
      .orderBy(asc(erasureRequest.createdAt));
  },

  /** A waiting request of the site, locked until the transaction ends, so two clicks carry it out once. */
  async lockWaiting(tx: Transaction, siteId: string, id: string): Promise<ErasureRow | null> {
    const [row] = await tx
      .select()
      .from(erasureRequest)
      .where(and(eq(erasureRequest.id, id), eq(erasureRequest.siteId, siteId), eq(erasureRequest.status, 'requested')))
      .for('update');
    return row ?? null;
  },

  async markDone(tx: Transaction, id: string, doneAt: Date, doneByPersonId: string): Promise<ErasureRow> {
    const [row] = await tx
      .update(erasureRequest)
      .set({ status: 'done', doneAt, doneByPersonId })
      .where(eq(erasureRequest.id, id))
      .returning();
    return row!;
  },

  /** The people who act for this customer and for no other, and work for no site: they are forgotten with it. */
  async peopleOnlyOf(executor: Executor, scope: CustomerScope): Promise<string[]> {
    const rows = await queryRows<{ person_id: string }>(
      executor,
      sql`select distinct a.person_id from customer_access a
          where a.customer_id = ${scope.customerId}
            and not exists (select 1 from customer_access o where o.person_id = a.person_id and o.customer_id <> ${scope.customerId})
            and not exists (select 1 from staff_member s where s.person_id = a.person_id)`,
    );
    return rows.map((row) => row.person_id);
  },

  /** Deletes a table's rows of the customer; the number removed. */
  async remove(tx: Transaction, table: string, where: SQL): Promise<number> {
    return changed(tx, sql`delete from ${sql.identifier(table)} where ${where} returning 1`);
  },

  /** Overwrites what identifies the person in a table's rows of the customer; the number changed. */
  async pseudonymise(tx: Transaction, table: string, set: SQL, where: SQL): Promise<number> {
    return changed(tx, sql`update ${sql.identifier(table)} set ${set} where ${where} returning 1`);
  },
};

async function changed(tx: Transaction, statement: SQL): Promise<number> {
  const [row] = await queryRows<{ rows: number }>(tx, sql`with changed as (${statement}) select count(*)::int as rows from changed`);
  return row?.rows ?? 0;
}

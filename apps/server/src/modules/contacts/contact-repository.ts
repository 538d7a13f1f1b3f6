import { and, asc, eq } from 'drizzle-orm';
import type { Contact } from '@portal/schema/settings';
import { customerContact } from '../../db/schema/settings.ts';
import type { Executor, Transaction } from '../../platform/database.ts';
import type { CustomerScope } from '../../platform/actor.ts';

const columns = {
  id: customerContact.id,
  name: customerContact.name,
  method: customerContact.method,
  value: customerContact.value,
  primary: customerContact.primary,
};
const ofCustomer = (scope: CustomerScope) =>
  and(eq(customerContact.siteId, scope.siteId), eq(customerContact.customerId, scope.customerId));

/** The acting customer's contacts; every statement is scoped by site and customer (rule 1). */
export const contactRepository = {
  async list(executor: Executor, scope: CustomerScope, { primaryOnly = false } = {}): Promise<Contact[]> {
    const where = primaryOnly ? and(ofCustomer(scope), eq(customerContact.primary, true)) : ofCustomer(scope);
    return executor.select(columns).from(customerContact).where(where).orderBy(asc(customerContact.method), asc(customerContact.id));
  },
  /** Locks the customer's contacts, so two saves at once apply one after the other. */
  async lockIds(tx: Transaction, scope: CustomerScope): Promise<number[]> {
    const rows = await tx.select({ id: customerContact.id }).from(customerContact).where(ofCustomer(scope)).for('update');
    return rows.map((row) => row.id);
  },
  /** Writes the list again in one statement: the unique indexes judge the end state, not a step on the way. */
  async replace(tx: Transaction, scope: CustomerScope, contacts: (Omit<Contact, 'id'> & { id?: number })[]): Promise<void> {
    await tx.delete(customerContact).where(ofCustomer(scope));
    if (contacts.length > 0) await tx.insert(customerContact).values(contacts.map((item) => ({ ...scope, ...item })));
  },
};

import { and, eq } from 'drizzle-orm';
import type { Membership } from '@portal/schema/settings';
import { customer } from '../../db/schema/identity.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Executor } from '../../platform/database.ts';

/** The acting customer's membership in a cooperative utility; scoped by site and customer (rule 1). */
export async function membershipOf(executor: Executor, scope: CustomerScope): Promise<Membership> {
  const [row] = await executor
    .select({ membershipNumber: customer.membershipNumber, memberSince: customer.memberSince })
    .from(customer)
    .where(and(eq(customer.siteId, scope.siteId), eq(customer.id, scope.customerId)));
  return { membershipNumber: row?.membershipNumber ?? null, memberSince: row?.memberSince ?? null };
}

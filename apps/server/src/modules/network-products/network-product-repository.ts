import { and, desc, eq } from 'drizzle-orm';
import { contract } from '../../db/schema/energy.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Executor, Transaction } from '../../platform/database.ts';

export type GridContractRow = typeof contract.$inferSelect;

const gridContractsAt = (executor: Executor, scope: CustomerScope, meteringPointId: string) =>
  executor
    .select()
    .from(contract)
    .where(
      and(
        eq(contract.siteId, scope.siteId),
        eq(contract.customerId, scope.customerId),
        eq(contract.meteringPointId, meteringPointId),
        eq(contract.type, 'GridContract'),
      ),
    )
    .orderBy(desc(contract.startDate), desc(contract.id));

/**
 * The acting customer's grid contracts at one of their metering points, newest start first (rule 1: scoped by the
 * customer and site). A change is decided against them under their row locks, so two changes of one point wait for
 * each other and the second sees the first.
 */
export const networkProductRepository = {
  read: (executor: Executor, scope: CustomerScope, meteringPointId: string): Promise<GridContractRow[]> =>
    gridContractsAt(executor, scope, meteringPointId),

  lock: (tx: Transaction, scope: CustomerScope, meteringPointId: string): Promise<GridContractRow[]> =>
    gridContractsAt(tx, scope, meteringPointId).for('update'),
};

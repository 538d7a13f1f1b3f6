import { and, asc, eq, exists, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { CustomerAddress, EditableAddressType } from '@portal/schema/settings';
import { contract, meteringPoint, supplyObject } from '../../db/schema/energy.ts';
import { customerAddress } from '../../db/schema/settings.ts';
import type { Executor, Transaction } from '../../platform/database.ts';
import type { CustomerScope } from '../../platform/actor.ts';

type AddressFields = { street: string; postalCode: string; city: string; countryCode: string };

/** The acting customer's addresses; every statement is scoped by site and customer (rule 1). */
export const addressRepository = {
  /** Usage places: the customer's supply objects, each with whether a contract of it is in force on `today`. */
  async usagePlaces(executor: Executor, scope: CustomerScope, today: string, activeOnly: boolean): Promise<CustomerAddress[]> {
    const activeContract = exists(
      executor
        .select({ one: sql`1` })
        .from(contract)
        .innerJoin(meteringPoint, eq(meteringPoint.id, contract.meteringPointId))
        .where(
          and(
            eq(meteringPoint.objectId, supplyObject.id),
            eq(contract.customerId, scope.customerId),
            lte(contract.startDate, today),
            or(isNull(contract.endDate), gte(contract.endDate, today)),
          ),
        ),
    );
    const rows = await executor
      .select({
        id: supplyObject.id,
        street: supplyObject.street,
        postalCode: supplyObject.postalCode,
        city: supplyObject.city,
        countryCode: supplyObject.countryCode,
        hasActiveContract: sql<boolean>`${activeContract}`.mapWith(Boolean),
      })
      .from(supplyObject)
      .where(
        and(eq(supplyObject.siteId, scope.siteId), eq(supplyObject.customerId, scope.customerId), activeOnly ? activeContract : undefined),
      )
      .orderBy(asc(supplyObject.street), asc(supplyObject.id));
    return rows.map((row) => ({ ...row, requestType: 'usage', objectId: row.id }));
  },
  async kept(executor: Executor, scope: CustomerScope, requestType?: EditableAddressType): Promise<CustomerAddress[]> {
    const rows = await executor
      .select()
      .from(customerAddress)
      .where(
        and(
          eq(customerAddress.siteId, scope.siteId),
          eq(customerAddress.customerId, scope.customerId),
          requestType ? eq(customerAddress.requestType, requestType) : undefined,
        ),
      )
      .orderBy(asc(customerAddress.requestType));
    return rows.map((row) => ({
      id: row.id,
      requestType: row.requestType,
      street: row.street,
      postalCode: row.postalCode,
      city: row.city,
      countryCode: row.countryCode,
      objectId: null,
      hasActiveContract: false,
    }));
  },
  async save(tx: Transaction, scope: CustomerScope, requestType: EditableAddressType, fields: AddressFields, now: Date): Promise<void> {
    await tx
      .insert(customerAddress)
      .values({ ...scope, requestType, ...fields, updatedAt: now })
      .onConflictDoUpdate({ target: [customerAddress.customerId, customerAddress.requestType], set: { ...fields, updatedAt: now } });
  },
};

import { and, asc, eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { ErasureOutcome, ErasureRequestView, StaffErasureRequest } from '@portal/schema/erasure';
import { erasureRequest } from '../../db/schema/erasure.ts';
import { customer } from '../../db/schema/identity.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import { actorRepository } from '../../platform/actor-repository.ts';
import { queryRows, type Database, type Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { ERASURE_RULES, type ErasureSubject } from './erasure-rules.ts';

type ErasureRow = typeof erasureRequest.$inferSelect;

/** Who did it, from where: the audit line names the person and the call. */
export type Caller = { siteId: string; personId: string; requestId: string; ipAddress: string };

const viewOf = (row: ErasureRow): ErasureRequestView => ({
  id: row.id,
  status: row.status,
  requestedAt: row.createdAt.toISOString(),
  doneAt: row.doneAt?.toISOString() ?? null,
});

/** The customer's request to be forgotten, if they made one. */
export async function myErasureRequest(db: Executor, scope: CustomerScope): Promise<ErasureRequestView | null> {
  const [row] = await db
    .select()
    .from(erasureRequest)
    .where(and(eq(erasureRequest.siteId, scope.siteId), eq(erasureRequest.customerId, scope.customerId)));
  return row ? viewOf(row) : null;
}

/**
 * Why the customer cannot be forgotten yet: a contract that is not ended or cancelled still needs their data to be
 * supplied and billed, and an unpaid invoice to be paid or collected (Art. 17(3)(e)).
 */
async function refusal(executor: Executor, scope: CustomerScope): Promise<AppError | null> {
  const [open] = await queryRows<{ contracts: number; unpaid: number }>(
    executor,
    sql`select
          (select count(*)::int from contract where site_id = ${scope.siteId} and customer_id = ${scope.customerId}
             and status not in ('ended', 'cancelled')) as contracts,
          (select count(*)::int from invoice where site_id = ${scope.siteId} and customer_id = ${scope.customerId}
             and payment_status = 'unpaid') as unpaid`,
  );
  if (open!.contracts > 0)
    return new AppError(
      'ERASURE_CONTRACT_IN_FORCE',
      'A contract is still in force: the account can be closed once every contract has ended',
    );
  if (open!.unpaid > 0) return new AppError('ERASURE_INVOICE_UNPAID', 'An invoice is unpaid: the account can be closed once it is paid');
  return null;
}

/**
 * POST /api/me/erasure-request (decision 122): records the request and its audit line, or answers with the one
 * there is. Refused while a contract is in force or an invoice unpaid, and for staff acting for the customer: the
 * request is the customer's own.
 */
export async function requestErasure(
  db: Database,
  scope: CustomerScope,
  caller: Caller & { actingAsStaff: boolean },
): Promise<ErasureRequestView> {
  if (caller.actingAsStaff)
    throw new AppError('ERASURE_NOT_FOR_STAFF', 'Closing an account is asked for by the customer in their own session');
  return db.transaction(async (tx) => {
    const refused = await refusal(tx, scope);
    if (refused) throw refused;
    const [created] = await tx
      .insert(erasureRequest)
      .values({
        siteId: scope.siteId,
        customerId: scope.customerId,
        personId: caller.personId,
        token: `erased-${crypto.randomUUID().slice(0, 8)}`,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) return (await myErasureRequest(tx, scope))!;
    await audit(tx, caller, scope.customerId, 'erasure requested', created.id);
    return viewOf(created);
  });
}

/** Customer service's queue: the site's requests not yet carried out, oldest first. */
export async function erasureQueue(db: Database, siteId: string): Promise<StaffErasureRequest[]> {
  const rows = await db
    .select({ id: erasureRequest.id, clientCode: customer.clientCode, customerName: customer.name, createdAt: erasureRequest.createdAt })
    .from(erasureRequest)
    .innerJoin(customer, eq(customer.id, erasureRequest.customerId))
    .where(and(eq(erasureRequest.siteId, siteId), eq(erasureRequest.status, 'requested')))
    .orderBy(asc(erasureRequest.createdAt));
  return rows.map(({ createdAt, ...row }) => ({ ...row, requestedAt: createdAt.toISOString() }));
}

/**
 * POST /api/staff/erasure-requests/{id}/carry-out: in one transaction, every table of the customer by its rule
 * (erasure-rules.ts), then the request marked done and audited. Checked again first: a contract signed since the
 * request refuses it as the request itself would be.
 */
export async function carryOutErasure(db: Database, caller: Caller, id: string, now: Date): Promise<ErasureOutcome> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(erasureRequest)
      .where(and(eq(erasureRequest.id, id), eq(erasureRequest.siteId, caller.siteId), eq(erasureRequest.status, 'requested')))
      .for('update');
    if (!request) throw new AppError('ERASURE_REQUEST_NOT_FOUND', 'No request of this site waits to be carried out by that id');
    const scope = { siteId: request.siteId, customerId: request.customerId };
    const refused = await refusal(tx, scope);
    if (refused) throw refused;
    const subject: ErasureSubject = { ...scope, personIds: await peopleOnlyOf(tx, scope), token: request.token };
    const removed: Record<string, number> = {};
    const pseudonymised: Record<string, number> = {};
    for (const entry of ERASURE_RULES) {
      const table = sql.identifier(entry.table);
      if (entry.rule === 'remove') {
        removed[entry.table] = await count(tx, sql`delete from ${table} where ${entry.where(subject)} returning 1`);
      } else if (entry.rule === 'pseudonymise') {
        pseudonymised[entry.table] = await count(
          tx,
          sql`update ${table} set ${entry.set(subject)} where ${entry.where(subject)} returning 1`,
        );
      }
    }
    const [done] = await tx
      .update(erasureRequest)
      .set({ status: 'done', doneAt: now, doneByPersonId: caller.personId })
      .where(eq(erasureRequest.id, id))
      .returning();
    const changed = (counts: Record<string, number>) =>
      Object.entries(counts)
        .filter(([, rows]) => rows > 0)
        .map(([table, rows]) => `${table} ${rows}`)
        .join(', ');
    await audit(
      tx,
      caller,
      scope.customerId,
      'erasure carried out',
      `removed: ${changed(removed)}; pseudonymised: ${changed(pseudonymised)}`,
      'customer-service',
    );
    return { request: viewOf(done!), removed, pseudonymised };
  });
}

/** The people who act for this customer and for no other, and work for no site: they are forgotten with it. */
async function peopleOnlyOf(executor: Executor, scope: CustomerScope): Promise<string[]> {
  const rows = await queryRows<{ person_id: string }>(
    executor,
    sql`select distinct a.person_id from customer_access a
        where a.customer_id = ${scope.customerId}
          and not exists (select 1 from customer_access o where o.person_id = a.person_id and o.customer_id <> ${scope.customerId})
          and not exists (select 1 from staff_member s where s.person_id = a.person_id)`,
  );
  return rows.map((row) => row.person_id);
}

async function count(executor: Executor, statement: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ rows: number }>(executor, sql`with changed as (${statement}) select count(*)::int as rows from changed`);
  return row?.rows ?? 0;
}

async function audit(executor: Executor, caller: Caller, customerId: string, action: string, details: string, role?: 'customer-service') {
  await actorRepository.audit(executor, {
    siteId: caller.siteId,
    personId: caller.personId,
    customerId,
    action,
    outcome: 'ok',
    requestId: caller.requestId,
    ipAddress: caller.ipAddress,
    details,
    actorRole: role,
  });
}

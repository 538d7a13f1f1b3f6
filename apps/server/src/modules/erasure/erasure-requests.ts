import type { ErasureOutcome, ErasureRequestView, StaffErasureRequest } from '@portal/schema/erasure';
import type { CustomerScope } from '../../platform/actor.ts';
import { actorRepository } from '../../platform/actor-repository.ts';
import type { Database, Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { erasureRepository as requests, type ErasureRow } from './erasure-repository.ts';
import { ERASURE_RULES, type ErasureSubject } from './erasure-rules.ts';

/** Who did it, from where: the audit line names the person and the call. */
export type Caller = { siteId: string; personId: string; requestId: string; ipAddress: string };

const viewOf = (row: ErasureRow): ErasureRequestView => ({
  id: row.id,
  status: row.status,
  requestedAt: row.createdAt.toISOString(),
  doneAt: row.doneAt?.toISOString() ?? null,
});

/** The customer's request to be forgotten, if they made one. */
export async function myErasureRequest(db: Database, scope: CustomerScope): Promise<ErasureRequestView | null> {
  const row = await requests.find(db, scope);
  return row ? viewOf(row) : null;
}

/**
 * Why the customer cannot be forgotten yet: a contract that is not ended or cancelled still needs their data to be
 * supplied and billed, and an unpaid invoice to be paid or collected (Art. 17(3)(e)).
 */
async function refuseWhileOpen(executor: Executor, scope: CustomerScope): Promise<void> {
  const open = await requests.openCounts(executor, scope);
  if (open.contracts > 0)
    throw new AppError(
      'ERASURE_CONTRACT_IN_FORCE',
      'A contract is still in force: the account can be closed once every contract has ended',
    );
  if (open.unpaid > 0) throw new AppError('ERASURE_INVOICE_UNPAID', 'An invoice is unpaid: the account can be closed once it is paid');
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
    await refuseWhileOpen(tx, scope);
    const created = await requests.create(tx, { ...scope, personId: caller.personId, token: `erased-${crypto.randomUUID().slice(0, 8)}` });
    if (!created) return viewOf((await requests.find(tx, scope))!);
    await audit(tx, caller, scope.customerId, 'erasure requested', created.id);
    return viewOf(created);
  });
}

/** Customer service's queue: the site's requests not yet carried out, oldest first. */
export async function erasureQueue(db: Database, siteId: string): Promise<StaffErasureRequest[]> {
  const rows = await requests.waiting(db, siteId);
  return rows.map(({ createdAt, ...row }) => ({ ...row, requestedAt: createdAt.toISOString() }));
}

/**
 * POST /api/staff/erasure-requests/{id}/carry-out: in one transaction, every table of the customer by its rule
 * (erasure-rules.ts), then the request marked done and audited. Checked again first: a contract signed since the
 * request refuses it as the request itself would be.
 */
export async function carryOutErasure(db: Database, caller: Caller, id: string, now: Date): Promise<ErasureOutcome> {
  return db.transaction(async (tx) => {
    const request = await requests.lockWaiting(tx, caller.siteId, id);
    if (!request) throw new AppError('ERASURE_REQUEST_NOT_FOUND', 'No request of this site waits to be carried out by that id');
    const scope = { siteId: request.siteId, customerId: request.customerId };
    await refuseWhileOpen(tx, scope);
    const subject: ErasureSubject = { ...scope, personIds: await requests.peopleOnlyOf(tx, scope), token: request.token };
    const removed: Record<string, number> = {};
    const pseudonymised: Record<string, number> = {};
    for (const entry of ERASURE_RULES) {
      if (entry.rule === 'remove') removed[entry.table] = await requests.remove(tx, entry.table, entry.where(subject));
      if (entry.rule === 'pseudonymise')
        pseudonymised[entry.table] = await requests.pseudonymise(tx, entry.table, entry.set(subject), entry.where(subject));
    }
    const done = await requests.markDone(tx, id, now, caller.personId);
    const summary = (counts: Record<string, number>) =>
      Object.entries(counts)
        .filter(([, rows]) => rows > 0)
        .map(([table, rows]) => `${table} ${rows}`)
        .join(', ');
    await audit(
      tx,
      caller,
      scope.customerId,
      'erasure carried out',
      `removed: ${summary(removed)}; pseudonymised: ${summary(pseudonymised)}`,
      'customer-service',
    );
    return { request: viewOf(done), removed, pseudonymised };
  });
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
    ...(role ? { actorRole: role } : {}),
  });
}

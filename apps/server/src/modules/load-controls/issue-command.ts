import { randomUUID } from 'node:crypto';
import type { CommandAction, CommandAnswer, CommandTarget } from '@portal/schema/power';
import type { Database, Transaction } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { expireCommandJob, sendCommandJob } from './command-jobs.ts';
import { loadControlRepository as repository, toLoadCommand, type MeterRow } from './load-control-repository.ts';

export type CommandDeps = { db: Database; commandTimeoutMs: number; now: () => Date };

/** Who asks, for the command row and the audit log: a person in the portal, or the plan they made. */
export type Requester = {
  personId: string | null;
  actingAs: string;
  requestId: string;
  ipAddress: string | null;
  origin: 'customer' | 'plan';
  planId?: string;
};

export type CommandSpec = { meter: MeterRow; target: CommandTarget; action: CommandAction; loadId?: string };

export const targetKeyOf = (spec: Pick<CommandSpec, 'target' | 'loadId'>) => (spec.target === 'load' ? `load:${spec.loadId}` : spec.target);

/**
 * Writes a pending command, its audit line and its two jobs (send now, time out at the deadline) in the caller's
 * transaction (rule 3). One command at a time per meter and target: while one is pending, asking again answers
 * with that one (the database's partial unique index decides, also between server copies).
 */
export async function issueCommandIn(tx: Transaction, deps: CommandDeps, spec: CommandSpec, requester: Requester): Promise<CommandAnswer> {
  const now = deps.now();
  const targetKey = targetKeyOf(spec);
  const created = await repository.insertCommand(tx, {
    id: randomUUID(),
    siteId: spec.meter.siteId,
    customerId: spec.meter.customerId,
    objectId: spec.meter.objectId,
    meteringPointId: spec.meter.meteringPointId,
    loadId: spec.loadId ?? null,
    target: spec.target,
    targetKey,
    action: spec.action,
    origin: requester.origin,
    planId: requester.planId ?? null,
    requestedBy: requester.personId,
    requestId: requester.requestId,
    requestedAt: now,
    expiresAt: new Date(now.getTime() + deps.commandTimeoutMs),
  });
  if (!created) {
    const pending = await repository.pendingCommand(tx, spec.meter.meteringPointId, targetKey);
    // Resolved between our insert and this read: the caller may simply ask again.
    if (!pending) throw new AppError('COMMAND_BUSY', 'The meter just finished another command; try again');
    return { command: toLoadCommand(pending), alreadyPending: true };
  }
  await repository.audit(tx, {
    siteId: created.siteId,
    personId: requester.personId,
    customerId: created.customerId,
    action: `load-control ${created.action}`,
    outcome: 'pending',
    requestId: requester.requestId,
    ipAddress: requester.ipAddress,
    details: commandDetails(created, spec.meter.gsrn, requester),
  });
  await enqueue(tx, sendCommandJob, { commandId: created.id }, { dedupeKey: `send:${created.id}` });
  await enqueue(tx, expireCommandJob, { commandId: created.id }, { runAt: created.expiresAt, dedupeKey: `expire:${created.id}` });
  return { command: toLoadCommand(created), alreadyPending: false };
}

export function commandDetails(
  command: { id: string; targetKey: string; origin: string; planId: string | null },
  gsrn: string,
  requester?: Pick<Requester, 'actingAs'>,
): string {
  const parts = [`command ${command.id}`, `meter ${gsrn}`, `target ${command.targetKey}`, `origin ${command.origin}`];
  if (command.planId) parts.push(`plan ${command.planId}`);
  if (requester) parts.push(`acting as ${requester.actingAs}`);
  return parts.join('; ');
}

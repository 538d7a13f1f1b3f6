import type { FastifyRequest } from 'fastify';
import { auditLog } from '../db/schema/identity.ts';
import type { Actor } from './actor.ts';
import type { Executor } from './database.ts';
import { AppError } from './errors.ts';

/** Who changes something in the admin area: the line of the audit log is theirs. */
export type AdminChange = { actor: Actor; requestId: string; ipAddress: string };

export function adminChangeOf(request: FastifyRequest): AdminChange {
  if (!request.actor) throw new AppError('SESSION_REQUIRED', 'Sign in to continue');
  return { actor: request.actor, requestId: request.id, ipAddress: request.ip };
}

/**
 * The one way an administrator's change is written to the audit log (docs/decisions/072): in the change's own
 * transaction, with what it replaced and what it wrote, so the log never claims a change that rolled back and
 * never misses one that committed. The area's own line per call (outcome, actor-resolution) stays as it is.
 */
export async function auditAdminChange(
  executor: Executor,
  change: AdminChange,
  action: string,
  values: { before: unknown; after: unknown; details?: string },
): Promise<void> {
  await executor.insert(auditLog).values({
    siteId: change.actor.siteId,
    personId: change.actor.person.id,
    customerId: null,
    action,
    outcome: 'ok',
    requestId: change.requestId,
    ipAddress: change.ipAddress,
    details: values.details ?? null,
    before: values.before ?? null,
    after: values.after ?? null,
  });
}

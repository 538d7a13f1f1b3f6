import type { SiteBootstrap } from '@portal/schema/site';
import type { Actor } from '../../platform/actor.ts';
import type { CrmSystem } from '../../integrations/crm/port.ts';
import { auditLog } from '../../db/schema/identity.ts';
import type { Database, Executor, Transaction } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { CheckedFile } from './attachment-upload.ts';
import { recordReply } from './record-reply.ts';
import { supportRepository } from './support-repository.ts';
import { nextTicketStatus } from './ticket-transitions.ts';

/** Customer service of this site, handling one ticket, and the call they do it with (for the audit line). */
export type Handler = {
  actor: Actor;
  site: SiteBootstrap;
  origin: string;
  now: Date;
  crm: CrmSystem;
  /** The call as an audit line names it (`POST /api/staff/support/tickets/:id/replies`), which tells reads from changes. */
  call: { action: string; requestId: string; ipAddress: string | null };
};

/**
 * Handling a ticket reads and changes the customer's data without acting for them, so each step leaves an audit
 * line with the ticket's customer: the customer sees it in "who looked at my data" (docs/decisions/076).
 */
export async function auditTicketAccess(executor: Executor, handler: Handler, customerId: string) {
  await executor.insert(auditLog).values({
    siteId: handler.site.id,
    personId: handler.actor.person.id,
    customerId,
    action: handler.call.action,
    outcome: 'ok',
    requestId: handler.call.requestId,
    ipAddress: handler.call.ipAddress,
    actorRole: handler.actor.staffRoles.includes('customer-service') ? 'customer-service' : 'site-admin',
    dataArea: 'support',
  });
}

/**
 * The ticket of this site, locked while its status moves. Where a utility's CRM is where customer service answers,
 * the portal's queue only shows the tickets (docs/decisions/057): a change here would never reach the CRM.
 */
async function lockForHandler(tx: Transaction, handler: Handler, ticketId: string) {
  const ticket = await supportRepository.lockSiteTicket(tx, handler.site.id, ticketId);
  if (!ticket) throw new AppError('SUPPORT_TICKET_NOT_FOUND', 'This site has no support ticket by that id');
  if (!handler.crm.inPortal) throw new AppError('SUPPORT_HANDLED_IN_CRM', `Customer service answers this ticket in ${handler.crm.id}`);
  return ticket;
}

/** Takes the ticket (TS1 → TS2), or takes it over from a colleague. */
export async function assignTicket(db: Database, handler: Handler, ticketId: string) {
  await db.transaction(async (tx) => {
    const ticket = await lockForHandler(tx, handler, ticketId);
    await supportRepository.setStatus(tx, ticketId, nextTicketStatus(ticket.status, 'assign'), handler.now, handler.actor.person.id);
    await auditTicketAccess(tx, handler, ticket.customerId);
  });
}

/**
 * Answers the customer from the portal's queue (docs/decisions/054, 056): recorded as every reply is, in one
 * transaction. Answering assigns the ticket to whoever answered.
 */
export async function replyToTicket(db: Database, handler: Handler, ticketId: string, reply: string, files: CheckedFile[]) {
  await db.transaction(async (tx) => {
    const ticket = await lockForHandler(tx, handler, ticketId);
    await recordReply(tx, handler.site, ticket, { body: reply, files, at: handler.now, personId: handler.actor.person.id }, handler.origin);
    await auditTicketAccess(tx, handler, ticket.customerId);
  });
}

/** Customer service settles the ticket (TS1/TS2 → TS4). */
export async function resolveTicket(db: Database, handler: Handler, ticketId: string) {
  await db.transaction(async (tx) => {
    const ticket = await lockForHandler(tx, handler, ticketId);
    await supportRepository.setStatus(tx, ticketId, nextTicketStatus(ticket.status, 'resolve'), handler.now);
    await auditTicketAccess(tx, handler, ticket.customerId);
  });
}

import type { Actor } from '../../platform/actor.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { CrmSystem } from '../../integrations/crm/port.ts';
import type { CheckedFile } from './attachment-upload.ts';
import { handOverToCrm } from './crm-handover.ts';
import { supportRepository } from './support-repository.ts';
import { nextTicketStatus } from './ticket-transitions.ts';

const notFound = () => new AppError('SUPPORT_TICKET_NOT_FOUND', 'You have no support ticket by that id');

/** The customer's follow-up on their own open ticket (POST /api/support/tickets/{id}/comments), with its files. */
export async function commentOnTicket(
  db: Database,
  crm: CrmSystem,
  scope: CustomerScope,
  actor: Actor,
  ticketId: string,
  comment: { body: string; files: CheckedFile[] },
  now: Date,
) {
  await db.transaction(async (tx) => {
    const ticket = await supportRepository.lockCustomerTicket(tx, scope.siteId, scope.customerId, ticketId);
    if (!ticket) throw notFound();
    const status = nextTicketStatus(ticket.status, 'comment');
    const commentId = await supportRepository.addComment(tx, {
      ticketId,
      siteId: scope.siteId,
      author: 'customer',
      personId: actor.person.id,
      body: comment.body,
      createdAt: now,
    });
    await supportRepository.addAttachments(tx, { siteId: scope.siteId, ticketId, commentId: commentId! }, comment.files);
    await supportRepository.setStatus(tx, ticketId, status, now);
    await handOverToCrm(tx, crm, { action: 'comment', ticketId, commentId: commentId! });
  });
}

/** The customer closes their own ticket: resolved (TS4) when answered, cancelled (TS3) when no longer needed. */
export async function closeTicket(db: Database, crm: CrmSystem, scope: CustomerScope, ticketId: string, status: 'TS3' | 'TS4', now: Date) {
  await db.transaction(async (tx) => {
    const ticket = await supportRepository.lockCustomerTicket(tx, scope.siteId, scope.customerId, ticketId);
    if (!ticket) throw notFound();
    await supportRepository.setStatus(tx, ticketId, nextTicketStatus(ticket.status, status === 'TS4' ? 'resolve' : 'cancel'), now);
    await handOverToCrm(tx, crm, { action: 'close', ticketId, status });
  });
}

/**
 * ADVANCED_SUPPORT (docs/decisions/058): the customer rates how a resolved request was handled, once. Only a resolved
 * ticket (TS4) takes a rating: a cancelled one was never answered, an open one is not done yet.
 */
export async function rateTicket(
  db: Database,
  scope: CustomerScope,
  ticketId: string,
  satisfaction: { rating: number; comment?: string | undefined },
  now: Date,
) {
  await db.transaction(async (tx) => {
    const ticket = await supportRepository.lockCustomerTicket(tx, scope.siteId, scope.customerId, ticketId);
    if (!ticket) throw notFound();
    if (ticket.status !== 'TS4') throw new AppError('TICKET_NOT_RESOLVED', 'Only a resolved request can be rated');
    if (ticket.satisfactionRating !== null) throw new AppError('TICKET_ALREADY_RATED', 'This request has been rated already');
    await supportRepository.rate(tx, ticketId, { rating: satisfaction.rating, comment: satisfaction.comment || null, at: now });
  });
}

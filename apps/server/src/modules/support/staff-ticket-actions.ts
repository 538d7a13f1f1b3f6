import type { SiteBootstrap } from '@portal/schema/site';
import type { Actor } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { CheckedFile } from './attachment-upload.ts';
import { inboxHtmlFromText } from '../inbox/inbox-content.ts';
import { inboxRepository } from '../inbox/inbox-repository.ts';
import { notifyReply } from './reply-notifications.ts';
import { supportRepository } from './support-repository.ts';
import { nextTicketStatus } from './ticket-transitions.ts';

/** Customer service of this site, handling one ticket. */
export type Handler = { actor: Actor; site: SiteBootstrap; origin: string; now: Date };

const notFound = () => new AppError('SUPPORT_TICKET_NOT_FOUND', 'This site has no support ticket by that id');

/** Takes the ticket (TS1 → TS2), or takes it over from a colleague. */
export async function assignTicket(db: Database, handler: Handler, ticketId: string) {
  await db.transaction(async (tx) => {
    const ticket = await supportRepository.lockSiteTicket(tx, handler.site.id, ticketId);
    if (!ticket) throw notFound();
    await supportRepository.setStatus(tx, ticketId, nextTicketStatus(ticket.status, 'assign'), handler.now, handler.actor.person.id);
  });
}

/**
 * Answers the customer: the reply is a comment on the ticket (with its files), a message in the customer's inbox
 * and the notifications their settings and the ticket's channel ask for (docs/decisions/056), all in one
 * transaction. Answering assigns the ticket to whoever answered.
 */
export async function replyToTicket(db: Database, handler: Handler, ticketId: string, reply: string, files: CheckedFile[]) {
  await db.transaction(async (tx) => {
    const ticket = await supportRepository.lockSiteTicket(tx, handler.site.id, ticketId);
    if (!ticket) throw notFound();
    const status = nextTicketStatus(ticket.status, 'reply');
    const commentId = await supportRepository.addComment(tx, {
      ticketId,
      siteId: handler.site.id,
      author: 'staff',
      personId: handler.actor.person.id,
      body: reply,
      createdAt: handler.now,
    });
    await supportRepository.addAttachments(tx, { siteId: handler.site.id, ticketId, commentId }, files);
    await supportRepository.setStatus(tx, ticketId, status, handler.now, handler.actor.person.id);
    await inboxRepository.insert(tx, {
      siteId: handler.site.id,
      customerId: ticket.customerId,
      localeId: ticket.localeId,
      subjectKey: 'inbox.subject.support-reply',
      content: inboxHtmlFromText(reply),
      ticketId,
      createdAt: handler.now,
    });
    await notifyReply(tx, handler.site, ticket, { commentId, body: reply }, handler.origin);
  });
}

/** Customer service settles the ticket (TS1/TS2 → TS4). */
export async function resolveTicket(db: Database, handler: Handler, ticketId: string) {
  await db.transaction(async (tx) => {
    const ticket = await supportRepository.lockSiteTicket(tx, handler.site.id, ticketId);
    if (!ticket) throw notFound();
    await supportRepository.setStatus(tx, ticketId, nextTicketStatus(ticket.status, 'resolve'), handler.now);
  });
}

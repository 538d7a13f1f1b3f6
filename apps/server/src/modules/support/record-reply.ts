import type { SiteBootstrap } from '@portal/schema/site';
import type { Transaction } from '../../platform/database.ts';
import { inboxHtmlFromText } from '../inbox/inbox-content.ts';
import { inboxRepository } from '../inbox/inbox-repository.ts';
import type { CheckedFile } from './attachment-upload.ts';
import { notifyReply } from './reply-notifications.ts';
import { supportRepository, type TicketRow } from './support-repository.ts';
import { nextTicketStatus } from './ticket-transitions.ts';

export type Reply = {
  body: string;
  files: CheckedFile[];
  at: Date;
  /** The staff member who answered in the portal's queue; null for a reply read from the CRM. */
  personId: string | null;
  /** The reply's id in the CRM, so a reply read twice is recorded once. */
  crmReference?: string;
};

/**
 * Customer service's answer, wherever it was written (the portal's queue or the CRM): a comment on the ticket with its
 * files, the ticket assigned (TS2; to whoever answered in the portal), a message in the customer's inbox and the
 * notifications the customer asked for (docs/decisions/054, 056). The caller holds the ticket's row lock. Answers
 * false when the CRM's reply was recorded before.
 */
export async function recordReply(tx: Transaction, site: SiteBootstrap, ticket: TicketRow, reply: Reply, origin: string): Promise<boolean> {
  const status = nextTicketStatus(ticket.status, 'reply');
  const commentId = await supportRepository.addComment(tx, {
    ticketId: ticket.id,
    siteId: site.id,
    author: 'staff',
    personId: reply.personId,
    body: reply.body,
    crmReference: reply.crmReference ?? null,
    createdAt: reply.at,
  });
  if (!commentId) return false;
  await supportRepository.addAttachments(tx, { siteId: site.id, ticketId: ticket.id, commentId }, reply.files);
  await supportRepository.setStatus(tx, ticket.id, status, reply.at, reply.personId ?? undefined);
  await inboxRepository.insert(tx, {
    siteId: site.id,
    customerId: ticket.customerId,
    localeId: ticket.localeId,
    subjectKey: 'inbox.subject.support-reply',
    content: inboxHtmlFromText(reply.body),
    ticketId: ticket.id,
    createdAt: reply.at,
  });
  await notifyReply(tx, site, ticket, { commentId, body: reply.body }, origin);
  return true;
}

import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { OPEN_TICKET_STATUSES, TICKET_STATUSES, type CommentAuthor, type TicketStatus } from '@portal/schema/support';
import type { contactMethod } from '@portal/schema/enums';
import type { z } from 'zod';
import { customer, person } from '../../db/schema/identity.ts';
import { customerContact } from '../../db/schema/settings.ts';
import { siteDomain } from '../../db/schema/sites.ts';
import {
  supportAttachment,
  supportSubtype,
  supportTicket,
  supportTicketComment,
  supportTopic,
  type LocalisedNames,
} from '../../db/schema/support.ts';
import type { Executor, Transaction } from '../../platform/database.ts';

/** A name in the asked locale, else the site's default locale's, else English, else the code. */
export function nameIn(names: LocalisedNames, code: string, locales: readonly string[]): string {
  for (const locale of locales) if (names[locale]) return names[locale];
  return names['en-GB'] ?? code;
}

export type TicketRow = typeof supportTicket.$inferSelect;
export type CommentRow = { id: string; author: CommentAuthor; authorName: string | null; body: string; createdAt: Date };
export type AttachmentRow = Omit<typeof supportAttachment.$inferSelect, 'content' | 'siteId'>;
export type NewAttachment = Pick<typeof supportAttachment.$inferInsert, 'fileName' | 'contentType' | 'content'>;

/** An attachment's columns without its content: lists never read the files themselves. */
const attachmentColumns = {
  id: supportAttachment.id,
  ticketId: supportAttachment.ticketId,
  commentId: supportAttachment.commentId,
  fileName: supportAttachment.fileName,
  contentType: supportAttachment.contentType,
  sizeBytes: supportAttachment.sizeBytes,
  createdAt: supportAttachment.createdAt,
};

const assignee = alias(person, 'assignee');

/**
 * The SQL of support tickets. Customer calls name the site and the customer in every statement; customer service
 * calls name the site, so a ticket of another customer or site is simply not found.
 */
export const supportRepository = {
  async topics(executor: Executor, siteId: string) {
    return executor.select().from(supportTopic).where(eq(supportTopic.siteId, siteId)).orderBy(asc(supportTopic.position));
  },

  async subtypes(executor: Executor, siteId: string) {
    return executor.select().from(supportSubtype).where(eq(supportSubtype.siteId, siteId)).orderBy(asc(supportSubtype.position));
  },

  async subtype(executor: Executor, siteId: string, code: string) {
    const [row] = await executor
      .select()
      .from(supportSubtype)
      .where(and(eq(supportSubtype.siteId, siteId), eq(supportSubtype.code, code)));
    return row ?? null;
  },

  async insertTicket(tx: Transaction, values: typeof supportTicket.$inferInsert): Promise<TicketRow> {
    const [row] = await tx.insert(supportTicket).values(values).returning();
    return row!;
  },

  async customerTickets(executor: Executor, siteId: string, customerId: string): Promise<TicketRow[]> {
    return executor
      .select()
      .from(supportTicket)
      .where(and(eq(supportTicket.siteId, siteId), eq(supportTicket.customerId, customerId)))
      .orderBy(desc(supportTicket.createdAt), asc(supportTicket.id));
  },

  async customerTicket(executor: Executor, siteId: string, customerId: string, id: string): Promise<TicketRow | null> {
    const [row] = await executor
      .select()
      .from(supportTicket)
      .where(and(eq(supportTicket.siteId, siteId), eq(supportTicket.customerId, customerId), eq(supportTicket.id, id)));
    return row ?? null;
  },

  /** Locks the ticket: its status moves only under the lock, so two changes cannot both pass the same check. */
  async lockCustomerTicket(tx: Transaction, siteId: string, customerId: string, id: string): Promise<TicketRow | null> {
    const [row] = await tx
      .select()
      .from(supportTicket)
      .where(and(eq(supportTicket.siteId, siteId), eq(supportTicket.customerId, customerId), eq(supportTicket.id, id)))
      .for('update');
    return row ?? null;
  },

  async lockSiteTicket(tx: Transaction, siteId: string, id: string): Promise<TicketRow | null> {
    const [row] = await tx
      .select()
      .from(supportTicket)
      .where(and(eq(supportTicket.siteId, siteId), eq(supportTicket.id, id)))
      .for('update');
    return row ?? null;
  },

  async setStatus(tx: Transaction, id: string, status: TicketStatus, at: Date, assigneePersonId?: string) {
    await tx
      .update(supportTicket)
      .set({ status, updatedAt: at, ...(assigneePersonId ? { assigneePersonId } : {}) })
      .where(eq(supportTicket.id, id));
  },

  /** The new comment's id; null when a comment of the same CRM reference is already on the ticket. */
  async rate(tx: Transaction, id: string, satisfaction: { rating: number; comment: string | null; at: Date }) {
    await tx
      .update(supportTicket)
      .set({ satisfactionRating: satisfaction.rating, satisfactionComment: satisfaction.comment, ratedAt: satisfaction.at })
      .where(eq(supportTicket.id, id));
  },

  async addComment(tx: Transaction, values: typeof supportTicketComment.$inferInsert): Promise<string | null> {
    const [row] = await tx
      .insert(supportTicketComment)
      .values(values)
      .onConflictDoNothing({ target: [supportTicketComment.ticketId, supportTicketComment.crmReference] })
      .returning({ id: supportTicketComment.id });
    return row?.id ?? null;
  },

  async setCrmReference(tx: Transaction, where: { ticketId: string; commentId?: string }, reference: string) {
    if (where.commentId) {
      await tx
        .update(supportTicketComment)
        .set({ crmReference: reference })
        .where(and(eq(supportTicketComment.id, where.commentId), eq(supportTicketComment.ticketId, where.ticketId)));
    } else {
      await tx.update(supportTicket).set({ crmReference: reference }).where(eq(supportTicket.id, where.ticketId));
    }
  },

  /** A ticket with its customer, for the CRM handover job (any site: the job is the installation's). */
  async ticketForCrm(executor: Executor, ticketId: string) {
    const [row] = await executor
      .select({ ticket: supportTicket, customerName: customer.name, clientCode: customer.clientCode })
      .from(supportTicket)
      .innerJoin(customer, eq(customer.id, supportTicket.customerId))
      .where(eq(supportTicket.id, ticketId));
    return row ?? null;
  },

  async comment(executor: Executor, ticketId: string, commentId: string) {
    const [row] = await executor
      .select()
      .from(supportTicketComment)
      .where(and(eq(supportTicketComment.id, commentId), eq(supportTicketComment.ticketId, ticketId)));
    return row ?? null;
  },

  /** Files with their content, of the ticket itself (commentId null) or of one comment. */
  async filesOf(executor: Executor, ticketId: string, commentId: string | null) {
    return executor
      .select({ fileName: supportAttachment.fileName, contentType: supportAttachment.contentType, content: supportAttachment.content })
      .from(supportAttachment)
      .where(
        and(
          eq(supportAttachment.ticketId, ticketId),
          commentId ? eq(supportAttachment.commentId, commentId) : isNull(supportAttachment.commentId),
        ),
      )
      .orderBy(asc(supportAttachment.fileName));
  },

  /** Open tickets handed to the CRM, of every site: the ones whose replies and closing the CRM poll reads. */
  async openCrmTickets(executor: Executor): Promise<TicketRow[]> {
    return executor
      .select()
      .from(supportTicket)
      .where(and(inArray(supportTicket.status, [...OPEN_TICKET_STATUSES]), isNotNull(supportTicket.crmReference)))
      .orderBy(asc(supportTicket.createdAt));
  },

  /** The address the customer's links lead to when no request names one (a reply read from the CRM). */
  async siteOrigin(executor: Executor, siteId: string): Promise<string> {
    const hosts = (await executor.select({ host: siteDomain.host }).from(siteDomain).where(eq(siteDomain.siteId, siteId))).map(
      (row) => row.host,
    );
    const host = hosts.filter((name) => !name.endsWith('.localhost')).sort()[0] ?? hosts.sort()[0] ?? 'localhost';
    return `https://${host}`;
  },

  /** Files of a ticket (commentId null) or of one comment, in the transaction that writes the ticket or comment. */
  async addAttachments(tx: Transaction, where: { siteId: string; ticketId: string; commentId: string | null }, files: NewAttachment[]) {
    if (files.length === 0) return [];
    return tx
      .insert(supportAttachment)
      .values(files.map((file) => ({ ...where, ...file, sizeBytes: file.content.length })))
      .returning(attachmentColumns);
  },

  async attachments(executor: Executor, ticketIds: string[]): Promise<AttachmentRow[]> {
    if (ticketIds.length === 0) return [];
    return (
      executor
        .select(attachmentColumns)
        .from(supportAttachment)
        .where(inArray(supportAttachment.ticketId, ticketIds))
        // Files sent together share their time: by name then, so the list never reorders between reads.
        .orderBy(asc(supportAttachment.createdAt), asc(supportAttachment.fileName), asc(supportAttachment.id))
    );
  },

  /** One file with its content, of a ticket of this customer: another customer's or site's is not found. */
  async customerAttachment(executor: Executor, scope: { siteId: string; customerId: string }, ticketId: string, id: string) {
    const [row] = await executor
      .select({ fileName: supportAttachment.fileName, contentType: supportAttachment.contentType, content: supportAttachment.content })
      .from(supportAttachment)
      .innerJoin(supportTicket, eq(supportTicket.id, supportAttachment.ticketId))
      .where(
        and(
          eq(supportAttachment.id, id),
          eq(supportAttachment.ticketId, ticketId),
          eq(supportTicket.siteId, scope.siteId),
          eq(supportTicket.customerId, scope.customerId),
        ),
      );
    return row ?? null;
  },

  /** One file with its content, of a ticket of this site (customer service). */
  async siteAttachment(executor: Executor, siteId: string, ticketId: string, id: string) {
    const [row] = await executor
      .select({
        fileName: supportAttachment.fileName,
        contentType: supportAttachment.contentType,
        content: supportAttachment.content,
        customerId: supportTicket.customerId,
      })
      .from(supportAttachment)
      .innerJoin(supportTicket, eq(supportTicket.id, supportAttachment.ticketId))
      .where(and(eq(supportAttachment.id, id), eq(supportAttachment.ticketId, ticketId), eq(supportAttachment.siteId, siteId)));
    return row ?? null;
  },

  async comments(executor: Executor, ticketIds: string[]): Promise<Map<string, CommentRow[]>> {
    const byTicket = new Map<string, CommentRow[]>();
    if (ticketIds.length === 0) return byTicket;
    const rows = await executor
      .select({
        id: supportTicketComment.id,
        ticketId: supportTicketComment.ticketId,
        author: supportTicketComment.author,
        authorName: person.name,
        body: supportTicketComment.body,
        createdAt: supportTicketComment.createdAt,
      })
      .from(supportTicketComment)
      .leftJoin(person, eq(person.id, supportTicketComment.personId))
      .where(inArray(supportTicketComment.ticketId, ticketIds))
      .orderBy(asc(supportTicketComment.createdAt), asc(supportTicketComment.id));
    for (const { ticketId, ...row } of rows) {
      // Customer service answer as the utility: the customer sees no staff member's name.
      const comment = { ...row, authorName: row.author === 'staff' ? null : row.authorName };
      byTicket.set(ticketId, [...(byTicket.get(ticketId) ?? []), comment]);
    }
    return byTicket;
  },

  /** The site's queue: open (or closed) tickets, of one handler group or all, oldest first. */
  async siteTickets(executor: Executor, siteId: string, filter: { handlerGroup?: string; open: boolean }) {
    const statuses = filter.open ? OPEN_TICKET_STATUSES : TICKET_STATUSES.filter((status) => !OPEN_TICKET_STATUSES.includes(status));
    return executor
      .select({
        ticket: supportTicket,
        customerName: customer.name,
        clientCode: customer.clientCode,
        assigneeName: assignee.name,
      })
      .from(supportTicket)
      .innerJoin(customer, eq(customer.id, supportTicket.customerId))
      .leftJoin(assignee, eq(assignee.id, supportTicket.assigneePersonId))
      .where(
        and(
          eq(supportTicket.siteId, siteId),
          inArray(supportTicket.status, [...statuses]),
          filter.handlerGroup ? eq(supportTicket.handlerGroup, filter.handlerGroup) : undefined,
        ),
      )
      .orderBy(asc(supportTicket.createdAt), asc(supportTicket.id));
  },

  /** The customer's primary contact of each method (customer_contact), as a ticket of POST /api/me/support/tickets uses. */
  async primaryContacts(
    executor: Executor,
    siteId: string,
    customerId: string,
  ): Promise<Partial<Record<z.infer<typeof contactMethod>, string>>> {
    const rows = await executor
      .select({ method: customerContact.method, value: customerContact.value })
      .from(customerContact)
      .where(and(eq(customerContact.siteId, siteId), eq(customerContact.customerId, customerId), eq(customerContact.primary, true)));
    return Object.fromEntries(rows.map((row) => [row.method, row.value]));
  },
};

import { TICKET_STATUS_NAMES, type HandlerGroup, type StaffTicket, type TicketAttachment, type TicketDetail } from '@portal/schema/support';
import type { Executor } from '../../platform/database.ts';
import { nameIn, supportRepository, type AttachmentRow, type TicketRow } from './support-repository.ts';

const attachmentView = (row: AttachmentRow): TicketAttachment => ({
  id: row.id,
  fileName: row.fileName,
  contentType: row.contentType,
  sizeBytes: row.sizeBytes,
  createdAt: row.createdAt.toISOString(),
});

/** The locales a name is looked up in: the asked one, then the site's default (docs/decisions/054). */
export type NameLocales = readonly string[];

/** Tickets as the API shows them: subtype names in the asked locale, comments oldest first, each with its files. */
export async function ticketDetails(executor: Executor, siteId: string, rows: TicketRow[], locales: NameLocales): Promise<TicketDetail[]> {
  const ids = rows.map((row) => row.id);
  const [subtypes, comments, attachments] = await Promise.all([
    supportRepository.subtypes(executor, siteId),
    supportRepository.comments(executor, ids),
    supportRepository.attachments(executor, ids),
  ]);
  const filesOf = (ticketId: string, commentId: string | null) =>
    attachments.filter((file) => file.ticketId === ticketId && file.commentId === commentId).map(attachmentView);
  const subtypeName = (code: string) => {
    const subtype = subtypes.find((candidate) => candidate.code === code);
    return subtype ? nameIn(subtype.names, code, locales) : code;
  };
  return rows.map((row) => ({
    id: row.id,
    requestType: row.requestType,
    subtypeCode: row.subtypeCode,
    subtypeName: subtypeName(row.subtypeCode),
    topicCode: subtypes.find((candidate) => candidate.code === row.subtypeCode)?.topicCode ?? null,
    status: row.status,
    statusName: TICKET_STATUS_NAMES[row.status],
    channelCode: row.channelCode,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    attachments: filesOf(row.id, null),
    comments: (comments.get(row.id) ?? []).map((comment) => ({
      id: comment.id,
      author: comment.author,
      authorName: comment.authorName,
      comment: comment.body,
      attachments: filesOf(row.id, comment.id),
      createdAt: comment.createdAt.toISOString(),
    })),
    satisfaction:
      row.satisfactionRating === null || !row.ratedAt
        ? null
        : { rating: row.satisfactionRating, comment: row.satisfactionComment, ratedAt: row.ratedAt.toISOString() },
  }));
}

/**
 * The site's handler groups, each named by what it handles: the topics of the subtypes routed to it, in the asked
 * locale and the topics' order (a group's code, such as BILLING, is configuration, not a text anyone reads).
 */
export async function handlerGroups(executor: Executor, siteId: string, locales: NameLocales): Promise<HandlerGroup[]> {
  const [topics, subtypes] = await Promise.all([supportRepository.topics(executor, siteId), supportRepository.subtypes(executor, siteId)]);
  const codes = [...new Set(subtypes.map((subtype) => subtype.handlerGroup))].sort();
  return codes.map((code) => {
    const handled = new Set(subtypes.filter((subtype) => subtype.handlerGroup === code).map((subtype) => subtype.topicCode));
    const names = topics.filter((topic) => handled.has(topic.code)).map((topic) => nameIn(topic.names, topic.code, locales));
    return { code, name: names.length > 0 ? names.join(', ') : code };
  });
}

type QueueRow = Awaited<ReturnType<typeof supportRepository.siteTickets>>[number];

/** Customer service's view: the customer, how to reach them, and who holds the ticket. */
export async function staffTickets(
  executor: Executor,
  siteId: string,
  rows: QueueRow[],
  locales: NameLocales,
  staffPersonId: string,
  groups: HandlerGroup[],
): Promise<StaffTicket[]> {
  const details = await ticketDetails(
    executor,
    siteId,
    rows.map((row) => row.ticket),
    locales,
  );
  return rows.map((row, index) => ({
    ...details[index]!,
    handlerGroup: row.ticket.handlerGroup,
    handlerGroupName: groups.find((group) => group.code === row.ticket.handlerGroup)?.name ?? row.ticket.handlerGroup,
    customerName: row.customerName,
    clientCode: row.clientCode,
    contactName: row.ticket.contactName,
    email: row.ticket.email,
    phone: row.ticket.phone,
    assigneeName: row.assigneeName,
    assignedToMe: row.ticket.assigneePersonId === staffPersonId,
  }));
}

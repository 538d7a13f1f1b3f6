import { TICKET_STATUS_NAMES, type StaffTicket, type TicketDetail } from '@portal/schema/support';
import type { Executor } from '../../platform/database.ts';
import { nameIn, supportRepository, type TicketRow } from './support-repository.ts';

/** The locales a name is looked up in: the asked one, then the site's default (docs/decisions/054). */
export type NameLocales = readonly string[];

/** Tickets as the API shows them: subtype names in the asked locale, comments oldest first. */
export async function ticketDetails(executor: Executor, siteId: string, rows: TicketRow[], locales: NameLocales): Promise<TicketDetail[]> {
  const [subtypes, comments] = await Promise.all([
    supportRepository.subtypes(executor, siteId),
    supportRepository.comments(
      executor,
      rows.map((row) => row.id),
    ),
  ]);
  const subtypeName = (code: string) => {
    const subtype = subtypes.find((candidate) => candidate.code === code);
    return subtype ? nameIn(subtype.names, code, locales) : code;
  };
  return rows.map((row) => ({
    id: row.id,
    requestType: row.requestType,
    subtypeCode: row.subtypeCode,
    subtypeName: subtypeName(row.subtypeCode),
    status: row.status,
    statusName: TICKET_STATUS_NAMES[row.status],
    channelCode: row.channelCode,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    comments: (comments.get(row.id) ?? []).map((comment) => ({
      id: comment.id,
      author: comment.author,
      authorName: comment.authorName,
      comment: comment.body,
      createdAt: comment.createdAt.toISOString(),
    })),
  }));
}

type QueueRow = Awaited<ReturnType<typeof supportRepository.siteTickets>>[number];

/** Customer service's view: the customer, how to reach them, and who holds the ticket. */
export async function staffTickets(
  executor: Executor,
  siteId: string,
  rows: QueueRow[],
  locales: NameLocales,
  staffPersonId: string,
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
    customerName: row.customerName,
    clientCode: row.clientCode,
    contactName: row.ticket.contactName,
    email: row.ticket.email,
    phone: row.ticket.phone,
    assigneeName: row.assigneeName,
    assignedToMe: row.ticket.assigneePersonId === staffPersonId,
  }));
}

import { z } from 'zod';
import { identifierField } from './identifier-text.ts';

/**
 * Support tickets, contact requests and the inbox (spec §3, §4, §5, §7; docs/decisions/054-support-tickets.md).
 */

/** Spec §4: contact request statuses. */
export const TICKET_STATUSES = ['TS1', 'TS2', 'TS3', 'TS4'] as const;
export const ticketStatus = z.enum(TICKET_STATUSES);
export type TicketStatus = z.infer<typeof ticketStatus>;

/** Spec §4: the display names of the statuses; NONE names a ticket without a status (never stored by this portal). */
export const TICKET_STATUS_NAMES = { TS1: 'OPEN', TS2: 'ASSIGNED', TS3: 'CANCELLED', TS4: 'RESOLVED' } as const satisfies Record<
  TicketStatus,
  string
>;
export type TicketStatusName = (typeof TICKET_STATUS_NAMES)[TicketStatus] | 'NONE';

/** Open tickets take comments and replies; cancelled and resolved ones are closed for good. */
export const OPEN_TICKET_STATUSES: readonly TicketStatus[] = ['TS1', 'TS2'];

/** Spec §4: the request type of a contact request. */
export const REQUEST_TYPES = ['CONTACTREQ'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

/** Spec §4: how the customer wants to be answered. */
export const SUPPORT_CHANNELS = ['PHONE', 'EMAIL', 'PUSH'] as const;
export const supportChannel = z.enum(SUPPORT_CHANNELS);
export type SupportChannel = z.infer<typeof supportChannel>;

/** Who wrote a comment: the customer's side (the customer or whoever acts for them) or the utility's customer service. */
export const COMMENT_AUTHORS = ['customer', 'staff'] as const;
export type CommentAuthor = (typeof COMMENT_AUTHORS)[number];

/** Long enough for a letter, short enough that nobody pastes a document into a ticket. */
export const MAX_MESSAGE_LENGTH = 4000;

const requiredText = (max: number) => z.string().trim().min(1, 'Required').max(max);

/**
 * Spec §3 and §5: a contact request. name, subtypeCode and message are required (min length 1); channelCode,
 * email and phoneNo are optional. The phone number is judged by the server with libphonenumber-js in the
 * site's country; here only its shape is checked.
 */
export const contactRequest = z.object({
  name: requiredText(200),
  subtypeCode: requiredText(64),
  message: requiredText(MAX_MESSAGE_LENGTH),
  channelCode: supportChannel.optional(),
  email: z.email('Enter a valid e-mail address').max(254).optional(),
  phoneNo: z
    .object({
      dialCode: identifierField(16).pipe(z.string().regex(/^\+\d{1,4}$/, 'A dial code is + and up to four digits')),
      number: identifierField(40).pipe(z.string().regex(/^[\d()-]{4,20}$/, 'Enter the number without its dial code')),
    })
    .optional(),
});
export type ContactRequest = z.input<typeof contactRequest>;

/**
 * POST /api/me/support/tickets (spec §7; docs/decisions/056): a ticket of the acting customer, answered through the
 * contacts the portal already has (the person's name, the customer's primary e-mail and mobile number), so only
 * what it is about, the message and how to answer are sent. /api/support/send is the contact request of spec §3,
 * where the sender types their own name and contacts.
 */
export const myTicketRequest = z.object({
  subtypeCode: requiredText(64),
  message: requiredText(MAX_MESSAGE_LENGTH),
  channelCode: supportChannel.optional(),
});
export type MyTicketRequest = z.input<typeof myTicketRequest>;

/** A name in the asked locale (the site's default, then en-GB, when the asked one has none). */
export const supportTopic = z.object({ code: z.string(), name: z.string() });
export type SupportTopic = z.infer<typeof supportTopic>;

export const supportSubtype = z.object({ code: z.string(), name: z.string(), topicCode: z.string() });
export type SupportSubtype = z.infer<typeof supportSubtype>;

export const supportChannelOption = z.object({ code: supportChannel });

/**
 * Attachments (docs/decisions/055-support-attachments.md): images and PDF documents, judged by their content (magic
 * bytes), never by their name or the type the browser declared. SVG and HTML are not accepted: a browser runs them.
 */
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
/** What a file picker offers: the types above and their usual extensions. */
export const ATTACHMENT_ACCEPT = [...ATTACHMENT_TYPES, '.png', '.jpg', '.jpeg', '.webp', '.pdf'].join(',');
/** 5 MiB a file: a phone photo of a meter or a scanned letter fits, a video does not. */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
/** Files at most with one ticket or one comment. */
export const MAX_ATTACHMENTS = 5;
/** The longest file name kept; longer names are cut, keeping the extension. */
export const MAX_ATTACHMENT_NAME_LENGTH = 120;

export const ticketAttachment = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.enum(ATTACHMENT_TYPES),
  sizeBytes: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type TicketAttachment = z.infer<typeof ticketAttachment>;

export const ticketComment = z.object({
  id: z.string(),
  author: z.enum(COMMENT_AUTHORS),
  /** The staff member's or customer's display name; customer service replies carry no personal name. */
  authorName: z.string().nullable(),
  comment: z.string(),
  attachments: z.array(ticketAttachment),
  createdAt: z.iso.datetime(),
});
export type TicketComment = z.infer<typeof ticketComment>;

export const ticketSummary = z.object({
  id: z.string(),
  requestType: z.enum(REQUEST_TYPES),
  subtypeCode: z.string(),
  subtypeName: z.string(),
  status: ticketStatus,
  statusName: z.enum(['OPEN', 'ASSIGNED', 'CANCELLED', 'RESOLVED', 'NONE']),
  channelCode: supportChannel.nullable(),
  message: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TicketSummary = z.infer<typeof ticketSummary>;

/** ADVANCED_SUPPORT (docs/decisions/058): the customer's rating of how a resolved request was handled. */
export const SATISFACTION_RATINGS = [1, 2, 3, 4, 5] as const;
export const ticketSatisfaction = z.object({
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  ratedAt: z.iso.datetime(),
});
export type TicketSatisfaction = z.infer<typeof ticketSatisfaction>;

export const ticketDetail = ticketSummary.extend({
  topicCode: z.string().nullable(),
  /** Files sent with the request itself; a comment's files are on the comment. */
  attachments: z.array(ticketAttachment),
  comments: z.array(ticketComment),
  satisfaction: ticketSatisfaction.nullable(),
});
export type TicketDetail = z.infer<typeof ticketDetail>;

/** POST /api/support/tickets/{id}/comments. */
export const ticketCommentRequest = z.object({ comment: requiredText(MAX_MESSAGE_LENGTH) });

/** ADVANCED_SUPPORT: the customer rates a resolved request once, 1 (very poor) to 5 (very good), with an optional word. */
export const ticketSatisfactionRequest = z.object({
  rating: z.number().int().min(1).max(5),
  comment: z.string().trim().max(1000).optional(),
});
export type TicketSatisfactionRequest = z.input<typeof ticketSatisfactionRequest>;

/** The customer closes their own ticket: resolved (answered) or cancelled (no longer needed). */
export const ticketCloseRequest = z.object({ status: z.enum(['TS3', 'TS4']) });

/** Customer service's view of a ticket in the queue. */
export const staffTicket = ticketDetail.extend({
  handlerGroup: z.string(),
  /** What the group handles, in the reader's language: the names of its subtypes' topics (the code is no text). */
  handlerGroupName: z.string(),
  customerName: z.string(),
  clientCode: z.string(),
  contactName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  assigneeName: z.string().nullable(),
  assignedToMe: z.boolean(),
});
export type StaffTicket = z.infer<typeof staffTicket>;

export const staffQueueQuery = z.object({
  handlerGroup: z.string().max(64).optional(),
  status: z.enum(['open', 'closed']).default('open'),
});

export const handlerGroup = z.object({ code: z.string(), name: z.string() });
export type HandlerGroup = z.infer<typeof handlerGroup>;
export const staffQueue = z.object({ handlerGroups: z.array(handlerGroup), tickets: z.array(staffTicket) });
export type StaffQueue = z.infer<typeof staffQueue>;

export const staffReplyRequest = z.object({ comment: requiredText(MAX_MESSAGE_LENGTH) });

/** Spec §3 inbox message: content is transformed on receipt (plain text to sanitised HTML) and shown as it is. */
export const inboxMessage = z.object({
  id: z.string(),
  subject: z.string(),
  /** Sanitised HTML: paragraphs, line breaks, links. */
  content: z.string(),
  ticketId: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type InboxMessage = z.infer<typeof inboxMessage>;

export const inbox = z.object({ unreadCount: z.number().int(), messages: z.array(inboxMessage) });
export type Inbox = z.infer<typeof inbox>;

export const localeQuery = z.object({ locale: z.string().max(16).optional() });

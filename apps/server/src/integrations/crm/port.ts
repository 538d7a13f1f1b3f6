/**
 * The CRM port (docs/decisions/057): where a utility's customer relationship system takes over support tickets. The
 * portal always keeps its own tickets (the customer's view, the inbox, notifications); the port hands each one's
 * life to the CRM and reads back what customer service wrote there.
 */

/** A ticket as a CRM case: what it is about, from whom, and how the customer asked to be answered. */
export type CrmCase = {
  portalTicketId: string;
  /** The subtype's name in the language the customer wrote in. */
  subject: string;
  description: string;
  clientCode: string;
  customerName: string;
  contactName: string;
  email: string | null;
  phone: string | null;
  /** The customer-service group whose queue the case belongs to. */
  handlerGroup: string;
  channel: 'PHONE' | 'EMAIL' | 'PUSH' | null;
};

/** A file of the ticket or of a comment, with the type its content showed. */
export type CrmFile = { fileName: string; contentType: string; content: Buffer };

/** A public reply customer service wrote in the CRM. */
export type CrmReply = { reference: string; caseReference: string; body: string; createdAt: Date };

export interface CrmSystem {
  readonly id: 'PORTAL' | 'SALESFORCE';
  /**
   * Customer service answers in the portal's own queue: the portal's tables are the case, so there is nothing to hand
   * over and nothing to read back, and the staff queue takes replies. Otherwise the CRM is where they answer.
   */
  readonly inPortal: boolean;
  /** Opens the case with the request's files; answers the case's reference in the CRM. */
  openCase(input: CrmCase, files: CrmFile[]): Promise<string>;
  /** Adds the customer's follow-up (public) with its files; answers the comment's reference. */
  addComment(caseReference: string, comment: { portalCommentId: string; body: string }, files: CrmFile[]): Promise<string>;
  /** The customer closed the request: resolved (TS4) or withdrawn (TS3). */
  closeCase(caseReference: string, status: 'TS3' | 'TS4'): Promise<void>;
  /** Public replies written in the CRM since `since` on these cases, and which of them the CRM has closed. */
  readUpdates(caseReferences: string[], since: Date): Promise<{ replies: CrmReply[]; closed: string[] }>;
}

/** The CRM answered with an error: the handover job retries with back-off. */
export class CrmError extends Error {
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = 'CrmError';
    this.status = status;
  }
}

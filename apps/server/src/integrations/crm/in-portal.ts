import type { CrmSystem } from './port.ts';

/**
 * The default adapter: the portal is the utility's support system. Customer service works in the portal's queue, so a
 * case is the portal's own ticket and a comment its own comment (their ids are the references), and nothing is ever
 * written elsewhere or read back.
 */
export const inPortalCrm: CrmSystem = {
  id: 'PORTAL',
  inPortal: true,
  openCase: async (input) => input.portalTicketId,
  addComment: async (_caseReference, comment) => comment.portalCommentId,
  closeCase: async () => {},
  readUpdates: async () => ({ replies: [], closed: [] }),
};

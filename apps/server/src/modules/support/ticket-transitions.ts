import type { TicketStatus } from '@portal/schema/support';
import { AppError } from '../../platform/errors.ts';

/**
 * Every move a ticket's status may make, in one place (docs/decisions/054-support-tickets.md). Who may ask for
 * which action is the route's business (customer or customer service); whether the ticket's current status allows
 * it is decided here and nowhere else.
 */
export type TicketAction = 'assign' | 'reply' | 'comment' | 'resolve' | 'cancel';

const TRANSITIONS: Record<TicketAction, Partial<Record<TicketStatus, TicketStatus>>> = {
  // Customer service takes an open ticket, or takes over one a colleague holds.
  assign: { TS1: 'TS2', TS2: 'TS2' },
  // A reply to an open ticket assigns it to whoever answered.
  reply: { TS1: 'TS2', TS2: 'TS2' },
  // The customer's follow-up leaves the status as it is.
  comment: { TS1: 'TS1', TS2: 'TS2' },
  // Either side may say the matter is settled.
  resolve: { TS1: 'TS4', TS2: 'TS4' },
  // The customer withdraws a request they no longer need.
  cancel: { TS1: 'TS3', TS2: 'TS3' },
};

/** The status after `action`, or 422 TICKET_CLOSED when the ticket no longer allows it. */
export function nextTicketStatus(current: TicketStatus, action: TicketAction): TicketStatus {
  const next = TRANSITIONS[action][current];
  if (!next) throw new AppError('TICKET_CLOSED', `This ticket is closed: it can no longer be changed (${action})`);
  return next;
}

import type { z } from 'zod';
import type { myTicketRequest } from '@portal/schema/support';
import type { Database } from '../../platform/database.ts';
import type { CheckedFile } from './attachment-upload.ts';
import { openTicket, type Sender } from './open-ticket.ts';
import { supportRepository } from './support-repository.ts';

/**
 * POST /api/me/support/tickets (docs/decisions/056): a ticket answered at what the portal knows of the customer, the
 * signed-in person's name and the customer's primary e-mail and mobile (or phone) contacts. Asking for an answer by
 * e-mail or phone without such a contact is refused as a contact request without one is.
 */
export async function createMyTicket(
  db: Database,
  sender: Sender,
  request: z.output<typeof myTicketRequest>,
  files: CheckedFile[],
): Promise<string> {
  const contacts = await supportRepository.primaryContacts(db, sender.site.id, sender.customerId);
  const ticket = {
    subtypeCode: request.subtypeCode,
    message: request.message,
    channelCode: request.channelCode ?? null,
    contactName: sender.actor.person.name ?? sender.actor.customer?.name ?? '',
    email: contacts.Email ?? null,
    phone: contacts.Gsm ?? contacts.Phone ?? null,
  };
  return openTicket(db, sender, ticket, files);
}

import type { SiteBootstrap } from '@portal/schema/site';
import type { SupportChannel } from '@portal/schema/support';
import type { Actor } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { CrmSystem } from '../../integrations/crm/port.ts';
import type { CheckedFile } from './attachment-upload.ts';
import { handOverToCrm } from './crm-handover.ts';
import { supportRepository } from './support-repository.ts';

/** Who opens a ticket: the person signed in, the customer they act for, on this site, in this language. */
export type Sender = { actor: Actor; customerId: string; site: SiteBootstrap; localeId: string; now: Date; crm: CrmSystem };

export type NewTicket = {
  subtypeCode: string;
  message: string;
  channelCode: SupportChannel | null;
  contactName: string;
  email: string | null;
  phone: string | null;
};

/**
 * Opens a ticket of request type CONTACTREQ, open (TS1), in the queue of its subtype's handler group, with its files,
 * and hands it to the CRM port (docs/decisions/057), in one transaction: a ticket is never stored without its files.
 */
export async function openTicket(db: Database, sender: Sender, ticket: NewTicket, files: CheckedFile[]): Promise<string> {
  if (ticket.channelCode === 'EMAIL' && !ticket.email) {
    throw new AppError('SUPPORT_CONTACT_MISSING', 'email: give an e-mail address to be answered by e-mail');
  }
  if (ticket.channelCode === 'PHONE' && !ticket.phone) {
    throw new AppError('SUPPORT_CONTACT_MISSING', 'phoneNo: give a phone number to be called back');
  }
  return db.transaction(async (tx) => {
    const subtype = await supportRepository.subtype(tx, sender.site.id, ticket.subtypeCode);
    if (!subtype) throw new AppError('SUPPORT_SUBTYPE_UNKNOWN', `subtypeCode: ${ticket.subtypeCode} is not a subtype of this site`);
    const row = await supportRepository.insertTicket(tx, {
      ...ticket,
      siteId: sender.site.id,
      customerId: sender.customerId,
      personId: sender.actor.person.id,
      requestType: 'CONTACTREQ',
      subtypeCode: subtype.code,
      handlerGroup: subtype.handlerGroup,
      status: 'TS1',
      localeId: sender.localeId,
      createdAt: sender.now,
      updatedAt: sender.now,
    });
    await supportRepository.addAttachments(tx, { siteId: sender.site.id, ticketId: row.id, commentId: null }, files);
    await handOverToCrm(tx, sender.crm, { action: 'open', ticketId: row.id });
    return row.id;
  });
}

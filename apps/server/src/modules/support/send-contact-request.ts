import type { z } from 'zod';
import type { SiteBootstrap } from '@portal/schema/site';
import type { contactRequest } from '@portal/schema/support';
import type { Actor } from '../../platform/actor.ts';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { personalPhoneNumber } from '../me/update-profile.ts';
import { supportRepository } from './support-repository.ts';

type Sender = { actor: Actor; customerId: string; site: SiteBootstrap; localeId: string; now: Date };

/**
 * Spec §3 contact request: becomes a ticket of request type CONTACTREQ, open (TS1), in the queue of its
 * subtype's handler group. An answer by e-mail needs an address; the phone number is judged in the site's country.
 */
export async function sendContactRequest(db: Database, sender: Sender, request: z.output<typeof contactRequest>): Promise<string> {
  const phone = request.phoneNo ? phoneOf(request.phoneNo, sender.site) : null;
  if (request.channelCode === 'EMAIL' && !request.email) {
    throw new AppError('SUPPORT_CONTACT_MISSING', 'email: give an e-mail address to be answered by e-mail');
  }
  if (request.channelCode === 'PHONE' && !phone) {
    throw new AppError('SUPPORT_CONTACT_MISSING', 'phoneNo: give a phone number to be called back');
  }
  return db.transaction(async (tx) => {
    const subtype = await supportRepository.subtype(tx, sender.site.id, request.subtypeCode);
    if (!subtype) throw new AppError('SUPPORT_SUBTYPE_UNKNOWN', `subtypeCode: ${request.subtypeCode} is not a subtype of this site`);
    const ticket = await supportRepository.insertTicket(tx, {
      siteId: sender.site.id,
      customerId: sender.customerId,
      personId: sender.actor.person.id,
      requestType: 'CONTACTREQ',
      subtypeCode: subtype.code,
      handlerGroup: subtype.handlerGroup,
      status: 'TS1',
      channelCode: request.channelCode ?? null,
      contactName: request.name,
      email: request.email ?? null,
      phone,
      message: request.message,
      localeId: sender.localeId,
      createdAt: sender.now,
      updatedAt: sender.now,
    });
    return ticket.id;
  });
}

function phoneOf(phoneNo: { dialCode: string; number: string }, site: SiteBootstrap): string {
  const number = personalPhoneNumber(`${phoneNo.dialCode}${phoneNo.number.replace(/[^\d]/g, '')}`, site.countryCode);
  if (!number) throw new AppError('INVALID_PHONE', `phoneNo: ${phoneNo.dialCode} ${phoneNo.number} is not a valid phone number`);
  return number;
}

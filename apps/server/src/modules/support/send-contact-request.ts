import type { z } from 'zod';
import type { SiteBootstrap } from '@portal/schema/site';
import type { contactRequest } from '@portal/schema/support';
import type { Database } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { personalPhoneNumber } from '../../platform/phone-numbers.ts';
import type { CheckedFile } from './attachment-upload.ts';
import { openTicket, type Sender } from './open-ticket.ts';

/**
 * Spec §3 contact request (POST /api/support/send): the sender types the name and contacts to be answered at. An
 * answer by e-mail needs an address; the phone number is judged in the site's country.
 */
export async function sendContactRequest(
  db: Database,
  sender: Sender,
  request: z.output<typeof contactRequest>,
  files: CheckedFile[],
): Promise<string> {
  const ticket = {
    subtypeCode: request.subtypeCode,
    message: request.message,
    channelCode: request.channelCode ?? null,
    contactName: request.name,
    email: request.email ?? null,
    phone: request.phoneNo ? phoneOf(request.phoneNo, sender.site) : null,
  };
  return openTicket(db, sender, ticket, files);
}

function phoneOf(phoneNo: { dialCode: string; number: string }, site: SiteBootstrap): string {
  const number = personalPhoneNumber(`${phoneNo.dialCode}${phoneNo.number.replace(/[^\d]/g, '')}`, site.countryCode);
  if (!number) throw new AppError('INVALID_PHONE', `phoneNo: ${phoneNo.dialCode} ${phoneNo.number} is not a valid phone number`);
  return number;
}

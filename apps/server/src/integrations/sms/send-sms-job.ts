import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';
import { defineJob, type JobHandler } from '../../platform/jobs/job-type.ts';
import type { SmsMessage, SmsSender } from './port.ts';

const smsMessage = z.object({
  to: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, 'must be an international number such as +358401234567')
    // Full metadata: the number must exist in its country's plan and reach a mobile phone, not a landline.
    .refine((number) => isMobileNumber(number), 'is not a mobile phone number'),
  from: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 .&-]{0,10}$/, 'must be 1 to 11 letters or digits (GSM sender name)'),
  // Providers join at most about ten parts into one message on the phone (Twilio stops at 1600 characters).
  text: z.string().min(1).max(1600),
}) satisfies z.ZodType<SmsMessage>;

/** A text message sent outside the request: `enqueue(tx, sendSmsJob, { to, from, text }, { dedupeKey })`. */
export const sendSmsJob = defineJob({ kind: 'sms.send', payload: smsMessage });

export function sendSmsWith(sms: SmsSender): JobHandler<typeof smsMessage> {
  return (message) => sms.send(message);
}

function isMobileNumber(number: string): boolean {
  const parsed = parsePhoneNumberFromString(number);
  const type = parsed?.isValid() ? parsed.getType() : undefined;
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
}

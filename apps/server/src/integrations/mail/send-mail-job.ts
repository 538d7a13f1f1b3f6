import { z } from 'zod';
import { defineJob, type JobHandler } from '../../platform/jobs/job-type.ts';
import type { MailMessage, MailSender } from './port.ts';

const mailMessage = z.object({
  to: z.email(),
  fromName: z.string().min(1),
  subject: z.string().min(1),
  text: z.string().min(1),
  html: z.string().min(1),
}) satisfies z.ZodType<MailMessage>;

/** A mail sent outside the request: `enqueue(tx, sendMailJob, message, { dedupeKey })`; retried while the server refuses. */
export const sendMailJob = defineJob({ kind: 'mail.send', payload: mailMessage });

export function sendMailWith(mail: MailSender): JobHandler<typeof mailMessage> {
  return (message) => mail.send(message);
}

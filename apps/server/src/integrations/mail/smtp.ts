import nodemailer from 'nodemailer';
import type { MailMessage, MailSender } from './port.ts';

/** Sends through the configured SMTP server (SMTP_URL, e.g. smtps://user:pass@mail.example:465). */
export function smtpMailSender(smtpUrl: string, fromAddress: string): MailSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message: MailMessage) {
      const result = await transport.sendMail({ ...message, from: { name: message.fromName, address: fromAddress } });
      if (result.rejected.length > 0) throw new Error(`Mail to ${message.to} was rejected`);
    },
  };
}

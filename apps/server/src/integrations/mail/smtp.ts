import type { Transporter } from 'nodemailer';
import type { SentMessageInfo } from 'nodemailer/lib/smtp-transport';
import type { MailMessage, MailSender } from './port.ts';

/** Sends through the configured SMTP server (SMTP_URL, e.g. smtps://user:pass@mail.example:465). */
export function smtpMailSender(smtpUrl: string, fromAddress: string): MailSender {
  // nodemailer loads with the first message, not with the server (decision 084).
  let transport: Promise<Transporter<SentMessageInfo>> | undefined;
  return {
    async send(message: MailMessage) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      const result = await (await transport).sendMail({ ...message, from: { name: message.fromName, address: fromAddress } });
      if (result.rejected.length > 0) throw new Error(`Mail to ${message.to} was rejected`);
    },
  };
}

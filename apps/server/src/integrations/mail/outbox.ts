import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { MailMessage, MailSender } from './port.ts';

/**
 * The embedded default: each message is built exactly as SMTP would send it and written as an .eml file
 * to the outbox folder, where a developer opens it in any mail program.
 */
export function outboxMailSender(outboxDir: string, fromAddress: string): MailSender {
  // nodemailer loads with the first message, not with the server (decision 084).
  let transport: Promise<Transporter> | undefined;
  return {
    async send(message: MailMessage) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
      );
      const { message: raw } = await (await transport).sendMail({ ...message, from: { name: message.fromName, address: fromAddress } });
      await mkdir(outboxDir, { recursive: true });
      const safeRecipient = message.to.replace(/[^A-Za-z0-9@._-]/g, '_');
      await writeFile(join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeRecipient}.eml`), raw as Buffer);
    },
  };
}

/** The newest message in the outbox for a recipient, as text: what a developer (or a test) reads. */
export async function latestOutboxMessage(outboxDir: string, to: string): Promise<string | null> {
  const safeRecipient = to.replace(/[^A-Za-z0-9@._-]/g, '_');
  const files = (await readdir(outboxDir).catch(() => [])).filter((file) => file.endsWith(`-${safeRecipient}.eml`)).sort();
  const newest = files.at(-1);
  return newest ? readFile(join(outboxDir, newest), 'utf8') : null;
}

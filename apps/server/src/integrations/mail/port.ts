/** Outgoing mail, as every adapter takes it. */
/** `fromName` is the company the person deals with, so the message is not taken for phishing. */
export type MailMessage = { to: string; fromName: string; subject: string; text: string; html: string };

export interface MailSender {
  send(message: MailMessage): Promise<void>;
}

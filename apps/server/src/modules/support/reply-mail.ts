import escapeHtml from 'escape-html';
import { bundleFor } from '@portal/locales/bundles';
import { toLocaleId } from '@portal/schema/locale-ids';
import type { SiteBootstrap } from '@portal/schema/site';
import type { MailMessage } from '../../integrations/mail/port.ts';

/**
 * The e-mail that tells a customer customer service answered (docs/decisions/054): the reply itself as plain text
 * and escaped HTML, in the language the request was written in, naming the company, with a link to the inbox.
 */
export function replyMail(site: SiteBootstrap, localeId: string, to: string, reply: string, inboxUrl: string): MailMessage {
  const texts = bundleFor('web', toLocaleId(localeId) ?? site.defaultLocaleId);
  const fill = (key: string) => (texts[key] ?? key).replaceAll('{company}', site.companyName);
  const subject = fill('support.reply-mail.subject');
  const intro = fill('support.reply-mail.intro');
  const action = fill('support.reply-mail.action');
  const paragraphs = reply
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
  return {
    to,
    fromName: site.companyName,
    subject,
    text: `${intro}\n\n${reply.trim()}\n\n${action}: ${inboxUrl}\n`,
    html: `<!doctype html><html lang="${escapeHtml(localeId.slice(0, 2))}"><body style="font-family:sans-serif">
<p>${escapeHtml(intro)}</p>
<blockquote style="margin:0;padding-left:12px;border-left:3px solid #ccc">${paragraphs}</blockquote>
<p><a href="${escapeHtml(inboxUrl)}">${escapeHtml(action)}</a></p></body></html>`,
  };
}

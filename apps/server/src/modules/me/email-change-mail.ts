import escapeHtml from 'escape-html';
import { bundleFor } from '@portal/locales/bundles';
import type { LocaleId } from '@portal/schema/locale-ids';
import type { SiteBootstrap } from '@portal/schema/site';
import type { MailMessage } from '../../integrations/mail/port.ts';

/** The confirmation link mail of an e-mail change, in the person's language, naming the company (not phishing). */
export function emailChangeMail(site: SiteBootstrap, locale: LocaleId, to: string, url: string, validHours: number): MailMessage {
  const texts = bundleFor('web', locale);
  const fill = (key: string) =>
    (texts[key] ?? key).replaceAll('{company}', site.companyName).replaceAll('{hours}', String(validHours)).replaceAll('{email}', to);
  const subject = fill('settings.email-mail.subject');
  const intro = fill('settings.email-mail.intro');
  const action = fill('settings.email-mail.action');
  const ignore = fill('settings.email-mail.ignore');
  return {
    to,
    fromName: site.companyName,
    subject,
    text: `${intro}\n\n${url}\n\n${ignore}\n`,
    html: `<!doctype html><html lang="${locale.slice(0, 2)}"><body style="font-family:sans-serif">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:#0b5;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(action)}</a></p>
<p style="color:#555">${escapeHtml(ignore)}</p></body></html>`,
  };
}

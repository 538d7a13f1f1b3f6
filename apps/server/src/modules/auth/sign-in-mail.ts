import escapeHtml from 'escape-html';
import { bundleFor } from '@portal/locales/bundles';
import type { SiteBootstrap } from '@portal/schema/site';
import type { MailMessage } from '../../integrations/mail/port.ts';

/** The sign-in link mail, in the site's default language, naming the company so it is not taken for phishing. */
export function signInMail(site: SiteBootstrap, to: string, url: string): MailMessage {
  const texts = bundleFor('web', site.defaultLocaleId);
  const fill = (key: string) => (texts[key] ?? key).replaceAll('{company}', site.companyName);
  const subject = fill('auth.mail.subject');
  const intro = fill('auth.mail.intro');
  const action = fill('auth.mail.action');
  const ignore = fill('auth.mail.ignore');
  return {
    to,
    fromName: site.companyName,
    subject,
    text: `${intro}\n\n${url}\n\n${ignore}\n`,
    html: `<!doctype html><html lang="${site.defaultLocaleId.slice(0, 2)}"><body style="font-family:sans-serif">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:#0b5;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(action)}</a></p>
<p style="color:#555">${escapeHtml(ignore)}</p></body></html>`,
  };
}

import escapeHtml from 'escape-html';
import type { MailSender } from '../../integrations/mail/port.ts';
import type { SmsSender } from '../../integrations/sms/port.ts';
import type { JobContext } from '../../platform/jobs/job-type.ts';
import { smsSenderOf } from '../alerts/alert-messages.ts';
import type { SiteCache } from '../sites/site-cache.ts';
import { outageNoticeMessage } from './outage-notice-message.ts';
import { outageRepository as outages, type StoredNotice } from './outage-repository.ts';

/**
 * An advance notice held until morning (decision 126) that the outage has overtaken: it is over, or under way and
 * this contact has the start's own notice. News of a planned outage that has already begun is still sent to a
 * contact the start did not reach (NoNightHours at night), since the outage may last for hours yet.
 */
function isOutrun(notice: StoredNotice): boolean {
  if (notice.kind !== 'planned' && notice.kind !== 'rescheduled') return false;
  return notice.outageStatus === 'ended' || notice.outageStatus === 'cancelled' || (notice.outageStatus === 'current' && notice.startTold);
}

export type OutageNoticeSenders = { mail: MailSender; sms: SmsSender; sites: SiteCache };

/**
 * outages.notice: sends one waiting notice by e-mail or text message, in the site's language, and marks it sent in
 * the transaction that completes the job. A failure is retried with back-off by the job runner.
 */
export async function deliverOutageNotice({ noticeId }: { noticeId: number }, context: JobContext, senders: OutageNoticeSenders) {
  const notice = await outages.notice(context.db, noticeId);
  if (!notice || notice.status !== 'waiting') return;
  if (isOutrun(notice)) {
    await context.transaction((tx) => outages.markNotice(tx, noticeId, 'superseded', null));
    return;
  }
  const site = await senders.sites.findById(notice.siteId);
  if (!site) return;
  const { title, body } = outageNoticeMessage(notice, site.defaultLocaleId, site.timezone, site.companyName);
  if (notice.method === 'Email') {
    await senders.mail.send({
      to: notice.recipient,
      fromName: site.companyName,
      subject: title,
      text: `${body}\n`,
      html: `<!doctype html><html><body style="font-family:sans-serif"><h1 style="font-size:18px">${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p></body></html>`,
    });
  } else if (notice.method === 'Gsm') {
    await senders.sms.send({ to: notice.recipient, from: smsSenderOf(site.companyName), text: `${title}: ${body}` });
  }
  await context.transaction((tx) => outages.markNotice(tx, noticeId, 'sent', new Date()));
}

import { bundleFor } from '@portal/locales/bundles';
import type { LocaleId } from '@portal/schema/locale-ids';
import type { AlertChannel } from '@portal/schema/settings';
import type { SiteBootstrap } from '@portal/schema/site';
import type { Transaction } from '../../platform/database.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { deliverAlertJob } from '../alerts/alert-jobs.ts';
import { alertRepository } from '../alerts/alert-repository.ts';
import { pushSubscriptionRepository } from '../push-notifications/push-subscription-repository.ts';
import type { TicketRow } from './support-repository.ts';

/** What the customer reads in a push notification: the start of the reply, the whole of it is in the inbox. */
const PUSH_PREVIEW_LENGTH = 180;

type Recipient = { channel: AlertChannel; recipient: string; label: string };

/**
 * Tells the customer that customer service answered (docs/decisions/056), in the reply's transaction: one alert of
 * the SUPPORT_REPLY subject per reply, with a delivery per channel and recipient that the alerts' own job sends
 * (e-mail, text message, Web Push) and the customer's notification history lists. The recipients are those the
 * customer's SUPPORT_REPLY settings name, and the way the ticket asked to be answered: EMAIL its address, PUSH every
 * browser registered for the customer. PHONE means a call back; the inbox message is written in every case.
 */
export async function notifyReply(
  tx: Transaction,
  site: SiteBootstrap,
  ticket: TicketRow,
  reply: { commentId: string; body: string },
  origin: string,
): Promise<void> {
  const recipients = await recipientsOf(tx, site, ticket);
  if (recipients.length === 0) return;
  const alertId = await alertRepository.decide(tx, {
    siteId: site.id,
    customerId: ticket.customerId,
    subject: 'SUPPORT_REPLY',
    alertKey: reply.commentId,
    facts: { ticketId: ticket.id, commentId: reply.commentId },
  });
  if (alertId === null) return;
  const locale = (site.locales.some((offered) => offered.id === ticket.localeId) ? ticket.localeId : site.defaultLocaleId) as LocaleId;
  const texts = replyTexts(locale, site.companyName);
  const inboxUrl = `${origin}/inbox`;
  const bodies: Record<AlertChannel, string> = {
    Email: `${texts.intro}\n\n${reply.body.trim()}\n\n${texts.action}: ${inboxUrl}`,
    Gsm: `${texts.notice} ${inboxUrl}`,
    PushNotification: preview(reply.body),
  };
  for (const { channel, recipient, label } of recipients) {
    const deliveryId = await alertRepository.addDelivery(tx, {
      alertId,
      siteId: site.id,
      customerId: ticket.customerId,
      channel,
      recipient,
      recipientLabel: label,
      title: texts.subject,
      body: bodies[channel],
      url: '/inbox',
    });
    if (deliveryId !== null) await enqueue(tx, deliverAlertJob, { deliveryId }, { dedupeKey: `delivery:${deliveryId}` });
  }
}

async function recipientsOf(tx: Transaction, site: SiteBootstrap, ticket: TicketRow): Promise<Recipient[]> {
  const scope = { siteId: site.id, customerId: ticket.customerId };
  const push = site.features.includes('PUSH_NOTIFICATIONS');
  const browsers = async (): Promise<Recipient[]> =>
    push
      ? (await pushSubscriptionRepository.ofCustomer(tx, scope)).map((browser) => ({
          channel: 'PushNotification',
          recipient: browser.id,
          label: browser.device || 'Browser',
        }))
      : [];
  const found: Recipient[] = [];
  for (const setting of await alertRepository.activeSettings(tx, site.id, 'SUPPORT_REPLY', ticket.customerId)) {
    if (setting.channel === 'PushNotification') found.push(...(await browsers()));
    else {
      const values = await alertRepository.recipients(tx, site.id, ticket.customerId, setting.channel, setting.contactsIds);
      found.push(...values.map((value) => ({ channel: setting.channel, recipient: value, label: value })));
    }
  }
  if (ticket.channelCode === 'EMAIL' && ticket.email) found.push({ channel: 'Email', recipient: ticket.email, label: ticket.email });
  if (ticket.channelCode === 'PUSH') found.push(...(await browsers()));
  // A recipient named twice (a setting and the ticket's own channel) gets one message.
  return [...new Map(found.map((entry) => [`${entry.channel}:${entry.recipient.toLowerCase()}`, entry])).values()];
}

function replyTexts(locale: LocaleId, companyName: string) {
  const texts = bundleFor('web', locale);
  const fill = (key: string) => (texts[key] ?? key).replaceAll('{company}', companyName);
  return {
    subject: fill('support.reply-mail.subject'),
    intro: fill('support.reply-mail.intro'),
    action: fill('support.reply-mail.action'),
    notice: fill('support.reply-notice'),
  };
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= PUSH_PREVIEW_LENGTH ? flat : `${flat.slice(0, PUSH_PREVIEW_LENGTH - 1).trimEnd()}…`;
}

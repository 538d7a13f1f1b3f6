import escapeHtml from 'escape-html';
import type { PushMessage } from '@portal/schema/push-notifications';
import type { MailSender } from '../../integrations/mail/port.ts';
import { PushRefusedError, type PushSender } from '../../integrations/push/port.ts';
import type { SmsSender } from '../../integrations/sms/port.ts';
import type { JobContext } from '../../platform/jobs/job-type.ts';
import { notificationImagesOf } from '../push-notifications/push-configuration.ts';
import { pushSubscriptionRepository } from '../push-notifications/push-subscription-repository.ts';
import type { InstallationVapidKeys } from '../push-notifications/vapid-keys.ts';
import type { SiteCache } from '../sites/site-cache.ts';
import { alertRepository } from './alert-repository.ts';
import { smsSenderOf } from './alert-messages.ts';

export type AlertSenders = {
  mail: MailSender;
  sms: SmsSender;
  push: PushSender;
  vapidKeys: InstallationVapidKeys;
  /** The contact push services may write to about this installation (RFC 8292 `sub`). */
  vapidSubject: string;
  sites: SiteCache;
};

/** Plain text as escaped paragraphs and line breaks: a support reply's letter keeps its shape. */
function htmlParagraphs(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

/** A push message waits at the push service this long for a browser that is offline: an alert is news for a day. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * alerts.deliver: sends one delivery through its port and marks it sent in the transaction that completes the job.
 * A delivery that cannot succeed (the browser unsubscribed, the push service refuses) is marked failed; a passing
 * failure is retried with back-off, and the last failed attempt marks it failed too, so the history never lies.
 */
export async function deliverAlert({ deliveryId }: { deliveryId: number }, context: JobContext, senders: AlertSenders): Promise<void> {
  const delivery = await alertRepository.delivery(context.db, deliveryId);
  if (!delivery || delivery.status !== 'queued') return;
  const site = await senders.sites.findById(delivery.siteId);
  if (!site) return;
  const finish = (status: 'sent' | 'failed') =>
    context.transaction((tx) => alertRepository.markDelivery(tx, deliveryId, status, new Date()));
  try {
    switch (delivery.channel) {
      case 'Email':
        await senders.mail.send({
          to: delivery.recipient,
          fromName: site.companyName,
          subject: delivery.title,
          text: `${delivery.body}\n`,
          html: `<!doctype html><html><body style="font-family:sans-serif"><h1 style="font-size:18px">${escapeHtml(delivery.title)}</h1>${htmlParagraphs(delivery.body)}</body></html>`,
        });
        break;
      case 'Gsm':
        await senders.sms.send({
          to: delivery.recipient,
          from: smsSenderOf(site.companyName),
          text: `${delivery.title}: ${delivery.body}`,
        });
        break;
      case 'PushNotification': {
        const browser = await pushSubscriptionRepository.find(context.db, delivery.recipient);
        if (!browser) return await finish('failed');
        const message: PushMessage = {
          title: delivery.title,
          body: delivery.body,
          url: delivery.url,
          tag: `alert-${delivery.alertId}`,
          ...notificationImagesOf(site),
        };
        const keys = await senders.vapidKeys.get();
        const outcome = await senders.push.send(
          { endpoint: browser.endpoint, keys: { p256dh: browser.p256dh, auth: browser.auth } },
          JSON.stringify(message),
          { ...keys, subject: senders.vapidSubject },
          { ttlSeconds: PUSH_TTL_SECONDS, urgency: 'normal' },
        );
        if (outcome === 'gone') {
          // The browser unsubscribed or the subscription expired: it will never take a message again.
          await pushSubscriptionRepository.forget(context.db, browser.id);
          return await finish('failed');
        }
        break;
      }
    }
  } catch (error) {
    if (error instanceof PushRefusedError || context.attempt >= context.maxAttempts) {
      context.log.error({ err: error, deliveryId }, 'alert delivery failed for good');
      return finish('failed');
    }
    throw error;
  }
  await finish('sent');
}

import { bundleFor } from '@portal/locales/bundles';
import type { LocaleId } from '@portal/schema/locale-ids';
import type { AlertChannel } from '@portal/schema/settings';
import type { SiteBootstrap } from '@portal/schema/site';
import type { Transaction } from '../../platform/database.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { deliverAlertJob } from '../alerts/alert-jobs.ts';
import { alertRepository } from '../alerts/alert-repository.ts';
import { pushSubscriptionRepository } from '../push-notifications/push-subscription-repository.ts';
import type { ConnectionEventRow, ConnectionRequestRow } from './connection-request-repository.ts';

/** The page where the customer reads the whole of it. */
export const CONNECTION_REQUESTS_PAGE = '/connection-requests';

type Recipient = { channel: AlertChannel; recipient: string; label: string };

/**
 * Tells the customer that customer service moved their request (docs/decisions/124), in the move's transaction, the
 * way support replies do (decision 056): one alert of the CONNECTION_REQUEST subject per move, keyed by its event,
 * with a delivery per channel and recipient that the alerts' job sends (e-mail, text message, Web Push) and the
 * notification history lists. Recipients are those the customer's CONNECTION_REQUEST settings name; the request's
 * own history shows the message in every case.
 */
export async function notifyConnectionChange(
  tx: Transaction,
  site: SiteBootstrap,
  request: ConnectionRequestRow,
  event: ConnectionEventRow,
  origin: string,
): Promise<void> {
  const recipients = await recipientsOf(tx, site, request.customerId);
  if (recipients.length === 0) return;
  const alertId = await alertRepository.decide(tx, {
    siteId: site.id,
    customerId: request.customerId,
    subject: 'CONNECTION_REQUEST',
    alertKey: event.id,
    facts: { requestId: request.id, kind: request.kind, status: event.toStatus },
  });
  if (alertId === null) return;
  const locale = (site.locales.some((offered) => offered.id === request.localeId) ? request.localeId : site.defaultLocaleId) as LocaleId;
  const texts = bundleFor('web', locale);
  const fill = (key: string) => (texts[key] ?? key).replaceAll('{company}', site.companyName);
  const title = fill(`connections.notice.${event.toStatus}`);
  const kind = fill(`connections.kind.${request.kind}`);
  const link = `${origin}${CONNECTION_REQUESTS_PAGE}`;
  const said = event.message ? `\n\n${event.message.trim()}` : '';
  const bodies: Record<AlertChannel, string> = {
    Email: `${kind}: ${title}${said}\n\n${fill('connections.notice.action')}: ${link}`,
    Gsm: `${kind}: ${title} ${link}`,
    PushNotification: `${kind}: ${title}`,
  };
  for (const { channel, recipient, label } of recipients) {
    const deliveryId = await alertRepository.addDelivery(tx, {
      alertId,
      siteId: site.id,
      customerId: request.customerId,
      channel,
      recipient,
      recipientLabel: label,
      title,
      body: bodies[channel],
      url: CONNECTION_REQUESTS_PAGE,
    });
    if (deliveryId !== null) await enqueue(tx, deliverAlertJob, { deliveryId }, { dedupeKey: `delivery:${deliveryId}` });
  }
}

async function recipientsOf(tx: Transaction, site: SiteBootstrap, customerId: string): Promise<Recipient[]> {
  const found: Recipient[] = [];
  for (const setting of await alertRepository.activeSettings(tx, site.id, 'CONNECTION_REQUEST', customerId)) {
    if (setting.channel === 'PushNotification') {
      if (!site.features.includes('PUSH_NOTIFICATIONS')) continue;
      const browsers = await pushSubscriptionRepository.ofCustomer(tx, { siteId: site.id, customerId });
      found.push(
        ...browsers.map((browser) => ({ channel: 'PushNotification' as const, recipient: browser.id, label: browser.device || 'Browser' })),
      );
    } else {
      const values = await alertRepository.recipients(tx, site.id, customerId, setting.channel, setting.contactsIds);
      found.push(...values.map((value) => ({ channel: setting.channel, recipient: value, label: value })));
    }
  }
  // A recipient named twice gets one message.
  return [...new Map(found.map((entry) => [`${entry.channel}:${entry.recipient.toLowerCase()}`, entry])).values()];
}

import type { LocaleId } from '@portal/schema/locale-ids';
import type { AlertChannel } from '@portal/schema/settings';
import type { SiteBootstrap } from '@portal/schema/site';
import { sql } from 'drizzle-orm';
import { queryRows, type Transaction } from '../../platform/database.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import { deliverAlertJob } from '../alerts/alert-jobs.ts';
import { alertRepository } from '../alerts/alert-repository.ts';
import { pushSubscriptionRepository } from '../push-notifications/push-subscription-repository.ts';
import { outageNoticeMessage } from './outage-notice-message.ts';

type TouchedCustomer = { customerId: string; place: string };

/**
 * The OUTAGE subject of the notification settings (docs/decisions/043, 053): when an outage starts, each customer
 * with a place on its streets and the subject enabled gets one alert, delivered at once on each enabled channel by
 * the alerts' own delivery job, and listed in their notification history. Written in the sync's transaction.
 */
export async function alertOutageStart(
  tx: Transaction,
  site: SiteBootstrap,
  outage: { id: string; cause: Parameters<typeof outageNoticeMessage>[0]['cause']; startsAt: Date; estimatedEndAt: Date },
): Promise<void> {
  const settings = await alertRepository.activeSettings(tx, site.id, 'OUTAGE');
  if (settings.length === 0) return;
  const touched = await queryRows<TouchedCustomer>(
    tx,
    sql`select so.customer_id as "customerId", min(so.street || ', ' || so.city) as place
        from outage_street s
        join supply_object so on so.site_id = ${site.id} and so.postal_code = s.postal_code
          and starts_with(lower(so.street), lower(s.street) || ' ')
        where s.outage_id = ${outage.id}
        group by so.customer_id`,
  );
  const places = new Map(touched.map((row) => [row.customerId, row.place]));
  for (const setting of settings) {
    const place = places.get(setting.customerId);
    if (!place) continue;
    const alertId = await alertRepository.decide(tx, {
      siteId: site.id,
      customerId: setting.customerId,
      subject: 'OUTAGE',
      alertKey: outage.id,
      facts: { outageId: outage.id, place },
    });
    // One alert per customer and outage: a second setting of the same customer adds its channel's deliveries to it.
    const id = alertId ?? (await alertRepository.alertIdOf(tx, setting.customerId, 'OUTAGE', outage.id));
    if (id === null) continue;
    const locale = (
      site.locales.some((offered) => offered.id === setting.preferredLocale) ? setting.preferredLocale : site.defaultLocaleId
    ) as LocaleId;
    const message = outageNoticeMessage({ ...outage, place }, locale, site.timezone, site.companyName);
    for (const { recipient, label } of await recipientsOf(tx, site, setting)) {
      const deliveryId = await alertRepository.addDelivery(tx, {
        alertId: id,
        siteId: site.id,
        customerId: setting.customerId,
        channel: setting.channel,
        recipient,
        recipientLabel: label,
        title: message.title,
        body: message.body,
        url: '/outages',
      });
      if (deliveryId !== null) await enqueue(tx, deliverAlertJob, { deliveryId }, { dedupeKey: `delivery:${deliveryId}` });
    }
  }
}

async function recipientsOf(
  tx: Transaction,
  site: SiteBootstrap,
  setting: { customerId: string; channel: AlertChannel; contactsIds: number[] },
): Promise<{ recipient: string; label: string }[]> {
  if (setting.channel === 'PushNotification') {
    if (!site.features.includes('PUSH_NOTIFICATIONS')) return [];
    const browsers = await pushSubscriptionRepository.ofCustomer(tx, { siteId: site.id, customerId: setting.customerId });
    return browsers.map((browser) => ({ recipient: browser.id, label: browser.device || 'Browser' }));
  }
  const values = await alertRepository.recipients(tx, site.id, setting.customerId, setting.channel, setting.contactsIds);
  return values.map((value) => ({ recipient: value, label: value }));
}

import { sql } from 'drizzle-orm';
import { addDays, localDate, localHour } from '@portal/schema/calendar-dates';
import type { LocaleId } from '@portal/schema/locale-ids';
import type { AlertChannel } from '@portal/schema/settings';
import type { SiteBootstrap } from '@portal/schema/site';
import { site as siteTable } from '../../db/schema/sites.ts';
import { queryRows, type Database, type Executor } from '../../platform/database.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import type { JobContext } from '../../platform/jobs/job-type.ts';
import type { SiteCache } from '../sites/site-cache.ts';
import { subjectOf } from '../notification-settings/notification-subjects.ts';
import { meterReadingRepository } from '../meter-readings/meter-reading-repository.ts';
import { pushSubscriptionRepository } from '../push-notifications/push-subscription-repository.ts';
import { deliverAlertJob, evaluateAlertsJob, type AlertSubject } from './alert-jobs.ts';
import { alertMessage, type AlertFacts } from './alert-messages.ts';
import { alertRepository, type ActiveSetting } from './alert-repository.ts';
import { powerPeakDecisions, type LiveMeters } from './power-peak-alerts.ts';

/** Raised while the data an alert is about has not arrived yet: the job is retried later. */
export class AlertDataMissingError extends Error {
  override name = 'AlertDataMissingError';
}

/** alerts.plan: one evaluation job per site offering the subject, for the site's own "today". */
export async function planAlerts({ subject }: { subject: AlertSubject }, context: JobContext, sites: SiteCache): Promise<void> {
  const ids = await context.db.select({ id: siteTable.id }).from(siteTable).orderBy(siteTable.id);
  const planned: { siteId: string; day: string }[] = [];
  for (const { id } of ids) {
    const site = await sites.findById(id);
    if (site && subjectOf(site.features, subject)) planned.push({ siteId: id, day: localDate(context.runAt, site.timezone) });
  }
  await context.transaction(async (tx) => {
    for (const { siteId, day } of planned) {
      // Once per site and run of the schedule; a later run of the same day looks again (data that came late).
      await enqueue(tx, evaluateAlertsJob, { subject, siteId, day }, { dedupeKey: `${subject}:${siteId}@${context.runAt.toISOString()}` });
    }
  });
}

/** The instant a local day starts in a time zone, computed by the database (rule 4). */
async function dayStart(executor: Executor, day: string, timezone: string): Promise<Date> {
  const [row] = await queryRows<{ at: Date | string }>(
    executor,
    sql`select (${day}::date)::timestamp at time zone ${timezone}::text as at`,
  );
  return new Date(row!.at);
}

type Decision = { customerId: string; alertKey: string; facts: AlertFacts; setting: ActiveSetting };

/** The alerts one setting's threshold gives for the day's facts. */
function crossings<T extends { direction: 'above' | 'below'; limit: number }>(
  setting: ActiveSetting,
  above: (limit: number) => Omit<T, 'direction' | 'limit'> | null,
  below: (limit: number) => Omit<T, 'direction' | 'limit'> | null,
): T[] {
  const found: T[] = [];
  const high = setting.upper === null ? null : above(setting.upper);
  if (high) found.push({ ...high, direction: 'above', limit: setting.upper } as T);
  const low = setting.lower === null ? null : below(setting.lower);
  if (low) found.push({ ...low, direction: 'below', limit: setting.lower } as T);
  return found;
}

async function spotPriceDecisions(db: Database, site: SiteBootstrap, today: string, settings: ActiveSetting[]): Promise<Decision[]> {
  const day = addDays(today, 1);
  const prices = await alertRepository.hourlySpotCents(
    db,
    site.countryCode,
    await dayStart(db, day, site.timezone),
    await dayStart(db, addDays(day, 1), site.timezone),
  );
  if (prices.length === 0) throw new AlertDataMissingError(`Spot prices of ${site.countryCode} for ${day} are not published yet`);
  const label = (hour: Date) => {
    const start = localHour(hour, site.timezone);
    return `${String(start).padStart(2, '0')}–${String((start + 1) % 24).padStart(2, '0')}`;
  };
  const round = (cents: number) => Math.round(cents * 100) / 100;
  return settings.flatMap((setting) =>
    crossings<Extract<AlertFacts, { subject: 'SPOT_PRICE' }>>(
      setting,
      (limit) => {
        const hours = prices.filter((price) => price.cents > limit);
        if (hours.length === 0) return null;
        return {
          subject: 'SPOT_PRICE',
          day,
          hours: hours.map((price) => label(price.hour)),
          extreme: round(Math.max(...hours.map((price) => price.cents))),
        };
      },
      (limit) => {
        const hours = prices.filter((price) => price.cents < limit);
        if (hours.length === 0) return null;
        return {
          subject: 'SPOT_PRICE',
          day,
          hours: hours.map((price) => label(price.hour)),
          extreme: round(Math.min(...hours.map((price) => price.cents))),
        };
      },
    ).map((facts) => ({ customerId: setting.customerId, alertKey: `${day}:${facts.direction}:${facts.limit}`, facts, setting })),
  );
}

async function consumptionDecisions(db: Database, site: SiteBootstrap, today: string, settings: ActiveSetting[]): Promise<Decision[]> {
  const day = addDays(today, -1);
  const used = await alertRepository.completeDayConsumption(
    db,
    site.id,
    [...new Set(settings.map((setting) => setting.customerId))],
    await dayStart(db, day, site.timezone),
    await dayStart(db, today, site.timezone),
  );
  return settings.flatMap((setting) => {
    const kwh = used.find((entry) => entry.customerId === setting.customerId)?.kwh;
    // A day whose readings are not all in yet says nothing: the next run looks again.
    if (kwh === undefined) return [];
    const facts = { subject: 'DAILY_CONSUMPTION' as const, day, kwh: Math.round(kwh * 10) / 10 };
    return crossings<Extract<AlertFacts, { subject: 'DAILY_CONSUMPTION' }>>(
      setting,
      (limit) => (kwh > limit ? facts : null),
      (limit) => (kwh < limit ? facts : null),
    ).map((found) => ({ customerId: setting.customerId, alertKey: `${day}:${found.direction}:${found.limit}`, facts: found, setting }));
  });
}

async function invoiceDecisions(db: Database, site: SiteBootstrap, today: string, settings: ActiveSetting[]): Promise<Decision[]> {
  const dueDate = addDays(today, 3);
  const invoices = await alertRepository.invoicesDueOn(db, site.id, [...new Set(settings.map((setting) => setting.customerId))], dueDate);
  return settings.flatMap((setting) =>
    invoices
      .filter((invoice) => invoice.customer_id === setting.customerId)
      .map((invoice) => ({
        customerId: setting.customerId,
        alertKey: invoice.invoice_number,
        facts: {
          subject: 'INVOICE_DUE' as const,
          invoiceNumber: invoice.invoice_number,
          dueDate: invoice.due_date,
          totalCents: Number(invoice.total_cents),
          currency: invoice.currency,
        },
        setting,
      })),
  );
}

/**
 * The monthly reminder to read a hand-read meter (docs/decisions/112): every customer whose setting asks for it and
 * who has such a metering point, once per month of the site's calendar (the month is the alert's key).
 */
async function meterReadingDecisions(db: Database, site: SiteBootstrap, today: string, settings: ActiveSetting[]): Promise<Decision[]> {
  const month = today.slice(0, 7);
  const reminded = new Set(
    await meterReadingRepository.customersWithHandReadPoints(db, site.id, [...new Set(settings.map((setting) => setting.customerId))]),
  );
  return settings
    .filter((setting) => reminded.has(setting.customerId))
    .map((setting) => ({ customerId: setting.customerId, alertKey: month, facts: { subject: 'METER_READING' as const, month }, setting }));
}

/** What an evaluation knows besides the site's day: the moment it runs, and this copy's live readings where it has them. */
type Moment = { now: Date; live: LiveMeters | null };

const DECIDERS: Record<
  AlertSubject,
  (db: Database, site: SiteBootstrap, today: string, settings: ActiveSetting[], moment: Moment) => Promise<Decision[]>
> = {
  SPOT_PRICE: spotPriceDecisions,
  DAILY_CONSUMPTION: consumptionDecisions,
  INVOICE_DUE: invoiceDecisions,
  METER_READING: meterReadingDecisions,
  POWER_PEAK: (db, site, _today, settings, { now, live }) => powerPeakDecisions(db, site, now, settings, live),
};

type Recipient = { channel: AlertChannel; recipient: string; label: string };

async function recipientsOf(db: Database, site: SiteBootstrap, setting: ActiveSetting): Promise<Recipient[]> {
  if (setting.channel === 'PushNotification') {
    if (!site.features.includes('PUSH_NOTIFICATIONS')) return [];
    const browsers = await pushSubscriptionRepository.ofCustomer(db, { siteId: site.id, customerId: setting.customerId });
    return browsers.map((browser) => ({ channel: setting.channel, recipient: browser.id, label: browser.device || 'Browser' }));
  }
  const values = await alertRepository.recipients(db, site.id, setting.customerId, setting.channel, setting.contactsIds);
  return values.map((value) => ({ channel: setting.channel, recipient: value, label: value }));
}

/**
 * alerts.evaluate: decides a site's alerts of a subject for a day and writes them, with one delivery per channel and
 * recipient and a job to send each, in the transaction that completes this job: a crash before it commits leaves
 * nothing, a second run finds every alert decided (notification_alert's unique key) and adds nothing.
 */
export async function evaluateAlerts(
  { subject, siteId, day }: { subject: AlertSubject; siteId: string; day: string },
  context: JobContext,
  sites: SiteCache,
  live: LiveMeters | null = null,
): Promise<void> {
  const site = await sites.findById(siteId);
  // The site switched the subject off since the job was planned: nothing to decide.
  if (!site || !subjectOf(site.features, subject)) return;
  const settings = await alertRepository.activeSettings(context.db, siteId, subject);
  const decisions = settings.length === 0 ? [] : await DECIDERS[subject](context.db, site, day, settings, { now: context.runAt, live });
  const planned = await Promise.all(
    decisions.map(async (decision) => {
      const preferred = decision.setting.preferredLocale;
      const locale = (site.locales.some((offered) => offered.id === preferred) ? preferred : site.defaultLocaleId) as LocaleId;
      return {
        ...decision,
        message: alertMessage(decision.facts, locale, site.companyName),
        recipients: await recipientsOf(context.db, site, decision.setting),
      };
    }),
  );
  const enqueued = await context.transaction(async (tx) => {
    const alertIds = new Map<string, number | null>();
    let deliveries = 0;
    for (const decision of planned) {
      const key = `${decision.customerId}|${decision.alertKey}`;
      if (!alertIds.has(key)) {
        alertIds.set(
          key,
          await alertRepository.decide(tx, {
            siteId,
            customerId: decision.customerId,
            subject,
            alertKey: decision.alertKey,
            facts: decision.facts,
          }),
        );
      }
      const alertId = alertIds.get(key);
      // Decided by an earlier run: sent (or being sent) already.
      if (!alertId) continue;
      for (const { channel, recipient, label } of decision.recipients) {
        const deliveryId = await alertRepository.addDelivery(tx, {
          alertId,
          siteId,
          customerId: decision.customerId,
          channel,
          recipient,
          recipientLabel: label,
          ...decision.message,
        });
        if (deliveryId === null) continue;
        await enqueue(tx, deliverAlertJob, { deliveryId }, { dedupeKey: `delivery:${deliveryId}` });
        deliveries += 1;
      }
    }
    return deliveries;
  });
  context.log.info({ subject, siteId, day, deliveries: enqueued }, 'alerts evaluated');
}

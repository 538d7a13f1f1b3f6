import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AlertChannel, NotificationDelivery, NotificationSubjectCode } from '@portal/schema/settings';
import { ALERT_CHANNELS } from '@portal/schema/settings';
import { customer, customerAccess, person } from '../../db/schema/identity.ts';
import { notificationAlert, notificationDelivery } from '../../db/schema/notifications.ts';
import { customerContact, notificationSetting } from '../../db/schema/settings.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import { queryRows, type Executor, type Transaction } from '../../platform/database.ts';

/** An enabled setting of a subject on a channel alerts are sent on, with the customer's language. */
export type ActiveSetting = {
  settingId: number;
  customerId: string;
  channel: AlertChannel;
  lower: number | null;
  upper: number | null;
  contactsIds: number[];
  preferredLocale: string | null;
  /** POWER_PEAK's margin in kW (docs/decisions/128). */
  marginKw: number | null;
};

const decimal = (value: string | null) => (value === null ? null : Number(value));

export const alertRepository = {
  /**
   * The site's enabled settings of `subject` on the alert channels (Post is not one: docs/decisions/043), of every
   * customer or, for an event of one customer (a support reply), of that customer only.
   */
  async activeSettings(
    executor: Executor,
    siteId: string,
    subject: NotificationSubjectCode,
    customerId?: string,
  ): Promise<ActiveSetting[]> {
    const rows = await executor
      .select({
        settingId: notificationSetting.id,
        customerId: notificationSetting.customerId,
        channel: notificationSetting.channel,
        lower: notificationSetting.thresholdLower,
        upper: notificationSetting.thresholdUpper,
        contactsIds: notificationSetting.contactsIds,
        marginKw: notificationSetting.marginKw,
        // A private customer's own person chose a language; a company's messages go in the site's default.
        preferredLocale: sql<
          string | null
        >`(select ${person.preferredLocale} from ${customerAccess} join ${person} on ${person.id} = ${customerAccess.personId}
          where ${customerAccess.customerId} = ${notificationSetting.customerId} and ${customerAccess.relation} = 'self' limit 1)`,
      })
      .from(notificationSetting)
      .innerJoin(customer, eq(customer.id, notificationSetting.customerId))
      .where(
        and(
          eq(notificationSetting.siteId, siteId),
          customerId ? eq(notificationSetting.customerId, customerId) : undefined,
          eq(notificationSetting.subject, subject),
          eq(notificationSetting.enabled, true),
          inArray(notificationSetting.channel, [...ALERT_CHANNELS]),
        ),
      )
      .orderBy(notificationSetting.id);
    return rows.map((row) => ({
      ...row,
      channel: row.channel as AlertChannel,
      lower: decimal(row.lower),
      upper: decimal(row.upper),
      marginKw: decimal(row.marginKw),
    }));
  },

  /** Each customer's energy consumed on a local day, for customers whose readings cover the whole day. */
  async completeDayConsumption(executor: Executor, siteId: string, customerIds: string[], from: Date, to: Date) {
    if (customerIds.length === 0) return [];
    const minutes = Math.round((to.getTime() - from.getTime()) / 60_000);
    const ids = sql.join(
      customerIds.map((id) => sql`${id}`),
      sql`, `,
    );
    // Each metering point counts at its own finest resolution, so coarser copies of the same energy are not added.
    return queryRows<{ customer_id: string; wh: string | number }>(
      executor,
      sql`select mp.customer_id, sum(r.wh) as wh
          from metering_point mp
          join reading r on r.metering_point_id = mp.id and r.direction = 'consumption' and r.resolution_minutes = mp.resolution_minutes
                        and r.starts_at >= ${from.toISOString()}::timestamptz and r.starts_at < ${to.toISOString()}::timestamptz
          where mp.site_id = ${siteId} and mp.customer_id in (${ids})
          group by mp.customer_id, mp.id
          having sum(r.resolution_minutes) >= ${minutes}`,
    ).then((rows) => {
      const byCustomer = new Map<string, number>();
      for (const row of rows) byCustomer.set(row.customer_id, (byCustomer.get(row.customer_id) ?? 0) + Number(row.wh));
      return [...byCustomer].map(([customerId, wh]) => ({ customerId, kwh: wh / 1000 }));
    });
  },

  /** Hourly average spot prices of a zone in c/kWh without VAT (as the dashboard shows them), for [from, to). */
  async hourlySpotCents(executor: Executor, zone: string, from: Date, to: Date) {
    const rows = await queryRows<{ hour: Date | string; cents: string | number }>(
      executor,
      sql`select date_trunc('hour', starts_at) as hour, sum(eur_per_mwh * resolution_minutes) / sum(resolution_minutes) / 10 as cents
          from spot_price where bidding_zone = ${zone} and starts_at >= ${from.toISOString()}::timestamptz and starts_at < ${to.toISOString()}::timestamptz
          group by 1 order by 1`,
    );
    return rows.map((row) => ({ hour: new Date(row.hour), cents: Number(row.cents) }));
  },

  /** Unpaid invoices of the customers falling due on `dueDate`. */
  async invoicesDueOn(executor: Executor, siteId: string, customerIds: string[], dueDate: string) {
    if (customerIds.length === 0) return [];
    const ids = sql.join(
      customerIds.map((id) => sql`${id}`),
      sql`, `,
    );
    return queryRows<{ customer_id: string; invoice_number: string; due_date: string; total_cents: string | number; currency: string }>(
      executor,
      sql`select customer_id, invoice_number, due_date::text as due_date, total_cents, currency from invoice
          where site_id = ${siteId} and customer_id in (${ids}) and payment_status = 'unpaid' and due_date = ${dueDate}::date
          order by invoice_number`,
    );
  },

  /** The contacts a setting names, or the customer's primary contact of the channel's kind when it names none. */
  async recipients(executor: Executor, siteId: string, customerId: string, method: 'Email' | 'Gsm', contactsIds: number[]) {
    const rows = await executor
      .select({ id: customerContact.id, value: customerContact.value, primary: customerContact.primary })
      .from(customerContact)
      .where(and(eq(customerContact.siteId, siteId), eq(customerContact.customerId, customerId), eq(customerContact.method, method)));
    const named = rows.filter((row) => contactsIds.includes(row.id));
    return (contactsIds.length > 0 ? named : rows.filter((row) => row.primary)).map((row) => row.value);
  },

  /** The alert's row, once per customer, subject and key: null when an earlier run decided it already. */
  async decide(
    tx: Transaction,
    alert: { siteId: string; customerId: string; subject: NotificationSubjectCode; alertKey: string; facts: unknown },
  ): Promise<number | null> {
    const [row] = await tx
      .insert(notificationAlert)
      .values(alert)
      .onConflictDoNothing({ target: [notificationAlert.customerId, notificationAlert.subject, notificationAlert.alertKey] })
      .returning({ id: notificationAlert.id });
    return row?.id ?? null;
  },

  /** The id of an alert decided earlier, or null. */
  async alertIdOf(executor: Executor, customerId: string, subject: NotificationSubjectCode, alertKey: string): Promise<number | null> {
    const [row] = await executor
      .select({ id: notificationAlert.id })
      .from(notificationAlert)
      .where(
        and(eq(notificationAlert.customerId, customerId), eq(notificationAlert.subject, subject), eq(notificationAlert.alertKey, alertKey)),
      );
    return row?.id ?? null;
  },

  async addDelivery(
    tx: Transaction,
    delivery: Omit<typeof notificationDelivery.$inferInsert, 'id' | 'status' | 'sentAt' | 'createdAt'>,
  ): Promise<number | null> {
    const [row] = await tx
      .insert(notificationDelivery)
      .values(delivery)
      .onConflictDoNothing({ target: [notificationDelivery.alertId, notificationDelivery.channel, notificationDelivery.recipient] })
      .returning({ id: notificationDelivery.id });
    return row?.id ?? null;
  },

  async delivery(executor: Executor, id: number) {
    const [row] = await executor.select().from(notificationDelivery).where(eq(notificationDelivery.id, id));
    return row ?? null;
  },

  async markDelivery(tx: Transaction, id: number, status: 'sent' | 'failed', now: Date): Promise<void> {
    await tx
      .update(notificationDelivery)
      .set({ status, sentAt: status === 'sent' ? now : null })
      .where(eq(notificationDelivery.id, id));
  },

  /** The customer's history, newest first. */
  async history(executor: Executor, scope: CustomerScope, limit: number): Promise<NotificationDelivery[]> {
    const rows = await executor
      .select({
        id: notificationDelivery.id,
        subject: notificationAlert.subject,
        channel: notificationDelivery.channel,
        recipient: notificationDelivery.recipientLabel,
        title: notificationDelivery.title,
        status: notificationDelivery.status,
        createdAt: notificationDelivery.createdAt,
        sentAt: notificationDelivery.sentAt,
      })
      .from(notificationDelivery)
      .innerJoin(notificationAlert, eq(notificationAlert.id, notificationDelivery.alertId))
      .where(and(eq(notificationDelivery.siteId, scope.siteId), eq(notificationDelivery.customerId, scope.customerId)))
      .orderBy(desc(notificationDelivery.createdAt), desc(notificationDelivery.id))
      .limit(limit);
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), sentAt: row.sentAt?.toISOString() ?? null }));
  },
};

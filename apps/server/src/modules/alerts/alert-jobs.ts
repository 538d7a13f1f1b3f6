import { z } from 'zod';
import { defineJob } from '../../platform/jobs/job-type.ts';
import { defineSchedule } from '../../platform/jobs/job-schedules.ts';
import type { Config } from '../../config.ts';

/** The subjects alerts are evaluated for (OUTAGE notices are the outages module's). */
export const ALERT_SUBJECTS = ['SPOT_PRICE', 'DAILY_CONSUMPTION', 'INVOICE_DUE', 'METER_READING', 'POWER_PEAK'] as const;
export const alertSubject = z.enum(ALERT_SUBJECTS);
export type AlertSubject = z.infer<typeof alertSubject>;

/** Scheduled: enqueues one evaluation per site and day, so a site waiting for its data does not hold the others up. */
export const planAlertsJob = defineJob({ kind: 'alerts.plan', payload: z.object({ subject: alertSubject }) });

/**
 * Decides a site's alerts of one subject for one local day: writes each alert and its deliveries once, in the
 * transaction that completes the job. Spot prices not yet published make it fail and retry with back-off.
 */
export const evaluateAlertsJob = defineJob({
  kind: 'alerts.evaluate',
  payload: z.object({ subject: alertSubject, siteId: z.string(), day: z.iso.date() }),
  maxAttempts: 10,
  retry: { firstDelayMs: 60_000, maxDelayMs: 30 * 60_000 },
});

/** Sends one delivery (an alert on one channel to one recipient) and records that it was sent. */
export const deliverAlertJob = defineJob({ kind: 'alerts.deliver', payload: z.object({ deliveryId: z.number().int().positive() }) });

/*
 * When each subject is looked at, on the clock of `alerts.timezone` (config ALERTS_*; all three demo countries share
 * Eastern European time, and a site elsewhere still gets its own "tomorrow" and "yesterday", computed in its own time
 * zone). Each runs more than once a day by default: data that comes late is caught by the next run, and the alert's
 * unique key keeps every alert to one.
 */
export function alertSchedules({
  timezone,
  spotPriceCron,
  dailyConsumptionCron,
  invoiceDueCron,
  meterReadingCron,
  powerPeakCron,
}: Config['alerts']) {
  const schedule = (name: string, cron: string, subject: AlertSubject) =>
    defineSchedule({ name, cron, timezone, job: planAlertsJob, payload: { subject } });
  return [
    // Day-ahead prices are published around 13:00 CET (14:00 in Helsinki).
    schedule('alerts.spot-price', spotPriceCron, 'SPOT_PRICE'),
    // Yesterday's readings arrive from the grid operators during the morning.
    schedule('alerts.daily-consumption', dailyConsumptionCron, 'DAILY_CONSUMPTION'),
    schedule('alerts.invoice-due', invoiceDueCron, 'INVOICE_DUE'),
    // Once a month, on the pattern's day: read the hand-read meter (docs/decisions/112). The alert's key is the month,
    // so a second run in the same month sends nothing.
    schedule('alerts.meter-reading', meterReadingCron, 'METER_READING'),
    // Every few minutes: the hour just ended from its rollup, and the running hour from live readings (decision 128).
    // The alert's key is the point and the hour, so an hour alerts once however often it is looked at.
    schedule('alerts.power-peak', powerPeakCron, 'POWER_PEAK'),
  ];
}

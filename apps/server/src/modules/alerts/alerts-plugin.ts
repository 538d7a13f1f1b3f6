import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import type { Config } from '../../config.ts';
import { alertSchedules, deliverAlertJob, evaluateAlertsJob, planAlertsJob } from './alert-jobs.ts';
import { deliverAlert, type AlertSenders } from './deliver-alert.ts';
import { evaluateAlerts, planAlerts } from './evaluate-alerts.ts';
import type { LiveMeters } from './power-peak-alerts.ts';

/** Registers the alert jobs and their schedules on a server copy's job runner (docs/decisions/043-alerts.md). */
export function runAlerts(jobs: JobRunner, senders: AlertSenders, schedules: Config['alerts'], live: LiveMeters | null = null): void {
  jobs.handle(planAlertsJob, (payload, context) => planAlerts(payload, context, senders.sites));
  // The power peak alert projects the running hour from this copy's live readings (docs/decisions/128).
  jobs.handle(evaluateAlertsJob, (payload, context) => evaluateAlerts(payload, context, senders.sites, live));
  jobs.handle(deliverAlertJob, (payload, context) => deliverAlert(payload, context, senders));
  for (const schedule of alertSchedules(schedules)) jobs.schedule(schedule);
}

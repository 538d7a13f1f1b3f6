import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import type { Config } from '../../config.ts';
import { alertSchedules, deliverAlertJob, evaluateAlertsJob, planAlertsJob } from './alert-jobs.ts';
import { deliverAlert, type AlertSenders } from './deliver-alert.ts';
import { evaluateAlerts, planAlerts } from './evaluate-alerts.ts';

/** Registers the alert jobs and their schedules on a server copy's job runner (docs/decisions/043-alerts.md). */
export function runAlerts(jobs: JobRunner, senders: AlertSenders, schedules: Config['alerts']): void {
  jobs.handle(planAlertsJob, (payload, context) => planAlerts(payload, context, senders.sites));
  jobs.handle(evaluateAlertsJob, (payload, context) => evaluateAlerts(payload, context, senders.sites));
  jobs.handle(deliverAlertJob, (payload, context) => deliverAlert(payload, context, senders));
  for (const schedule of alertSchedules(schedules)) jobs.schedule(schedule);
}

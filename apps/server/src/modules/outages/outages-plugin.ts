import type { OutageSystem } from '../../integrations/outages/port.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { deliverOutageNotice, type OutageNoticeSenders } from './deliver-outage-notice.ts';
import { outageNoticeJob, syncOutagesJob, syncOutagesSchedule } from './outage-jobs.ts';
import { syncOutages } from './sync-outages.ts';

/**
 * Registers the outage jobs on a server copy's job runner. Without an outage system (none configured outside demo
 * mode) nothing is read, but notices already written are still sent.
 */
export function runOutages(jobs: JobRunner, system: OutageSystem | null, senders: OutageNoticeSenders): void {
  jobs.handle(outageNoticeJob, (payload, context) => deliverOutageNotice(payload, context, senders));
  if (!system) return;
  jobs.handle(syncOutagesJob, (_payload, context) => syncOutages(context, { system, sites: senders.sites }));
  jobs.schedule(syncOutagesSchedule);
}

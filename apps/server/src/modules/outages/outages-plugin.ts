import type { OutageSystem } from '../../integrations/outages/port.ts';
import type { JobRunner } from '../../platform/jobs/job-runner.ts';
import { deliverOutageNotice, type OutageNoticeSenders } from './deliver-outage-notice.ts';
import {
  operatorOutageClockJob,
  operatorOutageClockSchedule,
  outageNoticeJob,
  syncOutagesJob,
  syncOutagesSchedule,
} from './outage-jobs.ts';
import { runOperatorOutageClock } from './operator-outage-clock.ts';
import { syncOutages } from './sync-outages.ts';

/**
 * Registers the outage jobs on a server copy's job runner. Without an outage system (none configured outside demo
 * mode) nothing is read, but notices already written are still sent.
 */
export function runOutages(jobs: JobRunner, system: OutageSystem | null, senders: OutageNoticeSenders): void {
  jobs.handle(outageNoticeJob, (payload, context) => deliverOutageNotice(payload, context, senders));
  // The operator's own planned outages (decision 126) start and end by the clock, with or without an outage system.
  jobs.handle(operatorOutageClockJob, (_payload, context) => runOperatorOutageClock(context, senders.sites));
  jobs.schedule(operatorOutageClockSchedule);
  if (!system) return;
  jobs.handle(syncOutagesJob, (_payload, context) => syncOutages(context, { system, sites: senders.sites }));
  jobs.schedule(syncOutagesSchedule);
}

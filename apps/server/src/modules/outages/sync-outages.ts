import type { SiteBootstrap } from '@portal/schema/site';
import type { OutageSystem, ReportedOutage } from '../../integrations/outages/port.ts';
import type { Transaction } from '../../platform/database.ts';
import { enqueue } from '../../platform/jobs/enqueue.ts';
import type { JobContext } from '../../platform/jobs/job-type.ts';
import type { SiteCache } from '../sites/site-cache.ts';
import { alertOutageStart } from './outage-alerts.ts';
import { outageNoticeJob } from './outage-jobs.ts';
import { outageRepository as outages } from './outage-repository.ts';
import { planNotice } from './notice-timing.ts';

export type OutageSyncDeps = { system: OutageSystem; sites: SiteCache; now?: () => Date };

/**
 * outages.sync: asks the outage system of every site with OUTAGES for its outages, then applies them all in the
 * transaction that completes the job, so a failed run leaves nothing half applied and the next run tries again.
 */
export async function syncOutages(context: JobContext, { system, sites, now = () => new Date() }: OutageSyncDeps): Promise<void> {
  const at = now();
  const reports: { site: SiteBootstrap; outages: ReportedOutage[] }[] = [];
  for (const siteId of await outages.sitesWithOutages(context.db)) {
    const site = await sites.findById(siteId);
    if (site) reports.push({ site, outages: await system.outages(siteId, at) });
  }
  await context.transaction(async (tx) => {
    for (const report of reports) await applyOutageReports(tx, report.site, report.outages, at);
  });
}

/**
 * Writes a site's reported outages and acts on each change of status: an outage that started turns its streets'
 * electricity meters off and (on sites with SETTINGS_OUTAGE_CONTACTS) notifies the contracts' outage contacts by
 * their timing and alerts the customers who enabled the OUTAGE notification subject; one that ended turns the meters
 * back on.
 */
export async function applyOutageReports(tx: Transaction, site: SiteBootstrap, reported: ReportedOutage[], now: Date): Promise<void> {
  for (const report of reported) {
    const { id, before } = await outages.upsert(tx, site.id, report, now);
    if (before === report.status) continue;
    const started = (report.status === 'current' || report.status === 'ended') && (before === null || before === 'planned');
    const ended = report.status === 'ended' && report.endedAt !== null;
    if (!started && !ended) continue;
    const meters = await outages.metersOn(tx, id);
    await outages.recordMeterEvents(tx, [
      ...(started ? meters.map((meter) => ({ ...meter, kind: 'power-off' as const, occurredAt: report.startsAt, outageId: id })) : []),
      ...(ended ? meters.map((meter) => ({ ...meter, kind: 'power-on' as const, occurredAt: report.endedAt!, outageId: id })) : []),
    ]);
    // A notice is news while the outage lasts: one the portal first hears of after it ended is not sent.
    if (report.status !== 'current') continue;
    if (site.features.includes('SETTINGS_OUTAGE_CONTACTS')) await notifyContacts(tx, site, id, now);
    await alertOutageStart(tx, site, { id, cause: report.cause, startsAt: report.startsAt, estimatedEndAt: report.estimatedEndAt });
  }
}

async function notifyContacts(tx: Transaction, site: SiteBootstrap, outageId: string, now: Date): Promise<void> {
  const targets = await outages.noticeTargets(tx, outageId);
  const written = await outages.addNotices(
    tx,
    targets.map((target) => {
      const plan = planNotice(target.timing, now, site.timezone);
      // No adapter places calls or posts letters: those notices are listed for the utility's staff to make.
      const manual = (target.method === 'Phone' || target.method === 'Post') && plan.status === 'waiting';
      return { ...target, siteId: site.id, outageId, status: manual ? ('manual' as const) : plan.status, sendAt: plan.sendAt };
    }),
  );
  for (const notice of written) {
    if (notice.status !== 'waiting') continue;
    await enqueue(tx, outageNoticeJob, { noticeId: notice.id }, { runAt: notice.sendAt, dedupeKey: `outage-notice:${notice.id}` });
  }
}

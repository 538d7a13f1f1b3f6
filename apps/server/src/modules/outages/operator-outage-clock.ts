import type { SiteBootstrap } from '@portal/schema/site';
import type { Database, Transaction } from '../../platform/database.ts';
import type { JobContext } from '../../platform/jobs/job-type.ts';
import type { SiteCache } from '../sites/site-cache.ts';
import { operatorOutageRepository as operator } from './operator-outage-repository.ts';
import { outageRepository as outages } from './outage-repository.ts';
import { applyOutageReports } from './sync-outages.ts';

/** The sites carrying OUTAGES, read before a transaction opens (the site cache reads outside it). */
export async function outageSites(db: Database, sites: SiteCache): Promise<Map<string, SiteBootstrap>> {
  const found = new Map<string, SiteBootstrap>();
  for (const siteId of await outages.sitesWithOutages(db)) {
    const site = await sites.findById(siteId);
    if (site) found.set(siteId, site);
  }
  return found;
}

/**
 * The operator's own outages have no outage system to report them started or ended (decision 126): at its start a
 * planned one becomes current, and at its estimated end it ends, through the same path as a reported change (051) —
 * meters go dark and come back, the start's notices (052) and alerts (053) go out. A site without OUTAGES is left.
 */
export async function advanceOperatorOutages(tx: Transaction, sites: Map<string, SiteBootstrap>, now: Date): Promise<void> {
  for (const row of await operator.due(tx, now)) {
    const site = sites.get(row.siteId);
    if (!site) continue;
    const ended = row.estimatedEndAt <= now;
    await applyOutageReports(
      tx,
      site,
      [
        {
          externalId: row.externalId,
          gridArea: row.gridArea,
          status: ended ? 'ended' : 'current',
          cause: row.cause,
          startsAt: row.startsAt,
          estimatedEndAt: row.estimatedEndAt,
          endedAt: ended ? row.estimatedEndAt : null,
          streets: [],
        },
      ],
      now,
    );
  }
}

/** outages.operator-clock: moves the operator's outages on, in the transaction that completes the job. */
export async function runOperatorOutageClock(context: JobContext, sites: SiteCache, now = new Date()): Promise<void> {
  const bySite = await outageSites(context.db, sites);
  await context.transaction((tx) => advanceOperatorOutages(tx, bySite, now));
}

import type { OutageCause, OutageStatus, OutageStreet } from '@portal/schema/outages';

/** One outage as an outage system (the grid operator's outage management) reports it. */
export type ReportedOutage = {
  /** The outage system's own id: the same outage comes again as it starts and ends. */
  externalId: string;
  gridArea: string;
  status: OutageStatus;
  cause: OutageCause;
  startsAt: Date;
  estimatedEndAt: Date;
  endedAt: Date | null;
  streets: OutageStreet[];
};

/**
 * The outage system of a site's grid: the planned, current and lately ended outages as it sees them now. An
 * adapter for a grid operator's system stands where the local feed (local-feed.ts) stands in demo mode.
 */
export interface OutageSystem {
  outages(siteId: string, now: Date): Promise<ReportedOutage[]>;
}

import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { startAllowed, startWindow } from '@portal/schema/contract-signing';
import { gridUsagePoint } from '../../db/schema/grid.ts';
import type { Database } from '../../platform/database.ts';
import { DatahubRefusal, type EstonianDatahub } from './port.ts';

/**
 * The local stand-in for the Estonian datahub: it knows the grid register's points by their EIC and holds the
 * start-date rule (the first of a month, registered 21 days ahead), answering a reference as the datahub would.
 */
export function localEstonianDatahub(db: Database): EstonianDatahub {
  return {
    async registerSupply(notice) {
      const [point] = await db
        .select({ id: gridUsagePoint.id })
        .from(gridUsagePoint)
        .where(and(eq(gridUsagePoint.siteId, notice.siteId), eq(gridUsagePoint.datahubEic, notice.meteringPointEic)));
      if (!point) throw new DatahubRefusal('unknown-metering-point');
      if (!startAllowed(startWindow('EE', 'switch', notice.today), notice.startDate)) throw new DatahubRefusal('start-date');
      return { reference: `EDH-${randomBytes(6).toString('hex').toUpperCase()}` };
    },
  };
}

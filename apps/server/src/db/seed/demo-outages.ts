import { inArray } from 'drizzle-orm';
import type { MeterEventKind } from '@portal/schema/outages';
import { localOutageFeed } from '../../integrations/outages/local-feed.ts';
import type { Database } from '../../platform/database.ts';
import { applyOutageReports } from '../../modules/outages/sync-outages.ts';
import { outageRepository } from '../../modules/outages/outage-repository.ts';
import { createSiteCache } from '../../modules/sites/site-cache.ts';
import { contract, meteringPoint } from '../schema/energy.ts';
import { meterEvent, outageContact } from '../schema/outages.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** What the demo meters reported before the portal started: hours before midnight UTC of the seed's day. */
const DEMO_METER_HISTORY: Record<string, { kind: MeterEventKind; hoursAgo: number; voltage?: string }[]> = {
  'mp-lumo-aino-el': [
    { kind: 'voltage-high', hoursAgo: 2 * 24 + 5, voltage: '254.8' },
    { kind: 'power-off', hoursAgo: 9 * 24 + 15 },
    { kind: 'power-on', hoursAgo: 9 * 24 + 14 },
  ],
  'mp-lumo-mikko-el': [{ kind: 'voltage-low', hoursAgo: 4 * 24 + 3, voltage: '203.5' }],
  'mp-lumo-mikko-cottage-el': [
    { kind: 'cover-opened', hoursAgo: 20 * 24 + 10 },
    { kind: 'tamper', hoursAgo: 20 * 24 + 10 },
  ],
  'mp-ve-mari-liis-el': [{ kind: 'phase-missing', hoursAgo: 6 * 24 + 2 }],
};

/** Aino is told about outages at her house by e-mail at any hour, and by text message but not at night. */
const DEMO_OUTAGE_CONTACTS = [
  { contractId: 'ct-lumo-aino-el', method: 'Email', value: 'aino.virtanen@example.fi', timing: 'Always' },
  { contractId: 'ct-lumo-aino-el', method: 'Gsm', value: '+358401234567', timing: 'SendAfterNightHours' },
] as const;

/**
 * The demo's outages as the local outage feed reports them at `now`, the meters' earlier events and Aino's outage
 * contacts. Runs at every start after the energy seed (the places must exist); what exists is left as it is.
 */
export async function seedDemoOutages(db: Database, now = new Date()): Promise<void> {
  const points = await db
    .select({ id: meteringPoint.id, siteId: meteringPoint.siteId })
    .from(meteringPoint)
    .where(inArray(meteringPoint.id, Object.keys(DEMO_METER_HISTORY)));
  const midnight = Math.floor(now.getTime() / DAY) * DAY;
  const events = points.flatMap((point) =>
    DEMO_METER_HISTORY[point.id]!.map((event) => ({
      siteId: point.siteId,
      meteringPointId: point.id,
      kind: event.kind,
      voltage: event.voltage,
      occurredAt: new Date(midnight - event.hoursAgo * HOUR),
    })),
  );
  if (events.length > 0) await db.insert(meterEvent).values(events).onConflictDoNothing();

  const contracts = await db
    .select({ id: contract.id, siteId: contract.siteId, customerId: contract.customerId })
    .from(contract)
    .where(inArray(contract.id, [...new Set(DEMO_OUTAGE_CONTACTS.map((item) => item.contractId))]));
  const contacts = DEMO_OUTAGE_CONTACTS.flatMap((item, position) => {
    const owner = contracts.find((found) => found.id === item.contractId);
    return owner ? [{ ...item, position, siteId: owner.siteId, customerId: owner.customerId }] : [];
  });
  if (contacts.length > 0) await db.insert(outageContact).values(contacts).onConflictDoNothing();

  const sites = createSiteCache(db);
  for (const siteId of await outageRepository.sitesWithOutages(db)) {
    const site = await sites.findById(siteId);
    if (!site) continue;
    const reports = await localOutageFeed.outages(siteId, now);
    await db.transaction((tx) => applyOutageReports(tx, site, reports, now));
  }
}

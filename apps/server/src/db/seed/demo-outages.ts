import { inArray } from 'drizzle-orm';
import { addDays, instantAt, todayIn } from '@portal/schema/calendar-dates';
import type { MeterEventKind } from '@portal/schema/outages';
import { localOutageFeed } from '../../integrations/outages/local-feed.ts';
import type { Database } from '../../platform/database.ts';
import { applyOutageReports } from '../../modules/outages/sync-outages.ts';
import { outageRepository } from '../../modules/outages/outage-repository.ts';
import { storePlannedOutage } from '../../modules/outages/publish-planned-outage.ts';
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

/**
 * Aino is told about outages at her house by e-mail at any hour, and by text message but not at night; by Kallio
 * Verkot, her network operator, by e-mail at any hour (decision 126: its planned outages reach her ahead).
 */
const DEMO_OUTAGE_CONTACTS = [
  { contractId: 'ct-lumo-aino-el', method: 'Email', value: 'aino.virtanen@example.fi', timing: 'Always' },
  { contractId: 'ct-lumo-aino-el', method: 'Gsm', value: '+358401234567', timing: 'SendAfterNightHours' },
  { contractId: 'ct-kallio-aino-el', method: 'Email', value: 'aino.virtanen@example.fi', timing: 'Always' },
] as const;

/** Kallio Verkot's demo planned outage (decision 126), as its staff would enter it: a fixed id, written once. */
const KALLIO_PLANNED_OUTAGE_ID = '1d6f3c0e-7a53-4c1e-9b6a-2a4f0c5d8e11';

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

  // Kallio's staff have published a transformer change in Kuusikallio for three days from now, 09:00–12:00: Aino's
  // house is in it, and her outage contact has had the notice ahead (the mail outbox).
  const kallio = await sites.findById('kallio');
  if (kallio?.features.includes('OUTAGES')) {
    const day = addDays(todayIn(kallio.timezone, now), 3);
    await db.transaction((tx) =>
      storePlannedOutage(
        tx,
        kallio,
        {
          id: KALLIO_PLANNED_OUTAGE_ID,
          gridArea: 'Espoo, Kuusikallio',
          cause: 'maintenance',
          description: 'Muuntamon vaihto. Sähköt ovat poikki koko katkon ajan.',
          startsAt: instantAt(day, 9, kallio.timezone),
          estimatedEndAt: instantAt(day, 12, kallio.timezone),
          area: [{ kind: 'postal-code', value: '02210' }],
        },
        now,
        { onlyIfNew: true },
      ),
    );
  }
}

import { eq, inArray } from 'drizzle-orm';
import type { LoadKind } from '@portal/schema/power';
import type { SimulatedMeter } from '../../integrations/head-end/meter-simulator.ts';
import type { Database } from '../../platform/database.ts';
import { meteringPoint, supplyObject } from '../schema/energy.ts';
import { controllableLoad, meterControl } from '../schema/power.ts';
import { DEMO_OBJECTS } from './demo-energy-catalogue.ts';
import { WEATHER_AREAS } from './energy-profiles.ts';

type DemoLoad = { relay: number; kind: LoadKind; name: string; ratedW: number };
type DemoMeterControl = { remoteSwitching: boolean; hanPort: 'open' | 'closed'; loads: DemoLoad[] };

/**
 * The demo electricity meters the head-end reaches (docs/decisions/060-power-control.md): which can switch the
 * supply remotely, which HAN ports are open, and what their relays drive. Names are the customer's own labels.
 */
export const DEMO_METER_CONTROLS: Record<string, DemoMeterControl> = {
  'mp-lumo-aino-el': {
    remoteSwitching: false,
    hanPort: 'closed',
    loads: [
      { relay: 1, kind: 'water-heater', name: 'Lämminvesivaraaja', ratedW: 3000 },
      { relay: 2, kind: 'ev-charger', name: 'Sähköauton laturi', ratedW: 11_000 },
    ],
  },
  // The same house on Kallio Verkot, whose meter it is: the network operator reads it live and switches its relays,
  // and its power charge makes the car's charging the hour to keep an eye on (decision 128).
  'mp-kallio-aino-el': {
    remoteSwitching: false,
    hanPort: 'closed',
    loads: [
      { relay: 1, kind: 'water-heater', name: 'Lämminvesivaraaja', ratedW: 3000 },
      { relay: 2, kind: 'ev-charger', name: 'Sähköauton laturi', ratedW: 11_000 },
    ],
  },
  'mp-lumo-mikko-el': { remoteSwitching: false, hanPort: 'open', loads: [] },
  'mp-lumo-mikko-cottage-el': {
    remoteSwitching: true,
    hanPort: 'closed',
    loads: [
      { relay: 1, kind: 'space-heating', name: 'Mökin lämmitys', ratedW: 6000 },
      { relay: 2, kind: 'sauna-stove', name: 'Saunan kiuas', ratedW: 7000 },
    ],
  },
  'mp-lumo-revontuli-el': {
    remoteSwitching: false,
    hanPort: 'closed',
    loads: [
      { relay: 1, kind: 'sauna-stove', name: 'Kiuas 1', ratedW: 15_000 },
      { relay: 2, kind: 'sauna-stove', name: 'Kiuas 2', ratedW: 15_000 },
      { relay: 3, kind: 'water-heater', name: 'Lämminvesivaraaja', ratedW: 9000 },
    ],
  },
  'mp-ve-mari-liis-el': {
    remoteSwitching: false,
    hanPort: 'closed',
    loads: [{ relay: 1, kind: 'water-heater', name: 'Boiler', ratedW: 2000 }],
  },
  'mp-ve-jaan-el': { remoteSwitching: false, hanPort: 'closed', loads: [] },
  'mp-ve-kase-el': {
    remoteSwitching: false,
    hanPort: 'closed',
    loads: [{ relay: 1, kind: 'lighting', name: 'Trepikoja valgustus', ratedW: 800 }],
  },
  'mp-ds-janis-el': { remoteSwitching: false, hanPort: 'closed', loads: [] },
};

/** Seeds meter controls and loads for the demo meters present; leaves existing rows (and their state) as they are. */
export async function seedDemoPower(db: Database): Promise<void> {
  const ids = Object.keys(DEMO_METER_CONTROLS);
  const points = await db
    .select({ id: meteringPoint.id, siteId: meteringPoint.siteId, customerId: meteringPoint.customerId })
    .from(meteringPoint)
    .where(inArray(meteringPoint.id, ids));
  await db.transaction(async (tx) => {
    for (const point of points) {
      const control = DEMO_METER_CONTROLS[point.id]!;
      const inserted = await tx
        .insert(meterControl)
        .values({ meteringPointId: point.id, siteId: point.siteId, customerId: point.customerId, ...control })
        .onConflictDoNothing()
        .returning({ id: meterControl.meteringPointId });
      if (inserted.length === 0 || control.loads.length === 0) continue;
      await tx.insert(controllableLoad).values(
        control.loads.map((load) => ({
          id: `load-${point.id.slice(3)}-${load.relay}`,
          siteId: point.siteId,
          customerId: point.customerId,
          meteringPointId: point.id,
          ...load,
        })),
      );
    }
  });
}

/**
 * The meters the demo's simulator plays, as the portal's database has them now (state included), with the
 * consumption profile of the demo catalogue; a meter the catalogue does not know behaves as a house.
 */
export async function demoSimulatedMeters(db: Database): Promise<SimulatedMeter[]> {
  const rows = await db
    .select({
      id: meteringPoint.id,
      siteId: meteringPoint.siteId,
      gsrn: meteringPoint.gsrn,
      countryCode: supplyObject.countryCode,
      connection: supplyObject.connectionStatus,
      hanPort: meterControl.hanPort,
      remoteSwitching: meterControl.remoteSwitching,
    })
    .from(meterControl)
    .innerJoin(meteringPoint, eq(meteringPoint.id, meterControl.meteringPointId))
    .innerJoin(supplyObject, eq(supplyObject.id, meteringPoint.objectId));
  const loads = await db.select().from(controllableLoad);
  return rows.map((row) => {
    const object = DEMO_OBJECTS.find((candidate) => candidate.meters.some((meter) => meter.id === row.id));
    const meter = object?.meters.find((candidate) => candidate.id === row.id);
    const fallbackArea =
      Object.values(WEATHER_AREAS).find((area) => area.id.startsWith(row.countryCode.toLowerCase())) ?? WEATHER_AREAS['fi-espoo']!;
    return {
      address: { siteId: row.siteId, gsrn: row.gsrn },
      profile: meter?.profile ?? 'house',
      area: (object && WEATHER_AREAS[object.area]) ?? fallbackArea,
      solarKwp: meter?.solarKwp ?? 0,
      relays: Object.fromEntries(
        loads
          .filter((load) => load.meteringPointId === row.id)
          .map((load) => [load.relay, { ratedKw: load.ratedW / 1000, state: load.state }]),
      ),
      remoteSwitching: row.remoteSwitching,
      connection: row.connection,
      hanPort: row.hanPort,
    };
  });
}

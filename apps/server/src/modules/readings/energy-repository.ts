import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { BiddingZone } from '@portal/schema/energy';
import type { Utility } from '@portal/schema/enums';
import { contract, meteringPoint, priceComponent, spotPrice, supplyObject } from '../../db/schema/energy.ts';
import { site } from '../../db/schema/sites.ts';
import type { Database } from '../../platform/database.ts';
import type { Scope } from './energy-queries.ts';

export type MeteringPointRow = {
  id: string;
  gsrn: string;
  utility: Utility;
  usagePointKind: string;
  biddingZone: BiddingZone;
  resolutionMinutes: number;
  hasProduction: boolean;
  meterNumber: string;
  objectId: string;
  street: string;
  postalCode: string;
  city: string;
  countryCode: string;
  connectionStatus: 'connected' | 'disconnected';
  temperatureArea: string;
};

const meteringPointColumns = {
  id: meteringPoint.id,
  gsrn: meteringPoint.gsrn,
  utility: meteringPoint.utility,
  usagePointKind: meteringPoint.usagePointKind,
  biddingZone: meteringPoint.biddingZone,
  resolutionMinutes: meteringPoint.resolutionMinutes,
  hasProduction: meteringPoint.hasProduction,
  meterNumber: meteringPoint.meterNumber,
  objectId: supplyObject.id,
  street: supplyObject.street,
  postalCode: supplyObject.postalCode,
  city: supplyObject.city,
  countryCode: supplyObject.countryCode,
  connectionStatus: supplyObject.connectionStatus,
  temperatureArea: supplyObject.temperatureArea,
};

/** Rule 1: metering points, objects and contracts only ever of the actor's customer on the actor's site. */
const ownedBy = (scope: Scope) => and(eq(meteringPoint.siteId, scope.siteId), eq(meteringPoint.customerId, scope.customerId));

export function createEnergyRepository(db: Database) {
  const selectPoints = () =>
    db.select(meteringPointColumns).from(meteringPoint).innerJoin(supplyObject, eq(supplyObject.id, meteringPoint.objectId));

  return {
    db,
    async meteringPoint(scope: Scope, id: string): Promise<MeteringPointRow | null> {
      const [row] = await selectPoints().where(and(ownedBy(scope), eq(meteringPoint.id, id)));
      return (row as MeteringPointRow | undefined) ?? null;
    },

    async meteringPoints(scope: Scope): Promise<MeteringPointRow[]> {
      const rows = await selectPoints().where(ownedBy(scope)).orderBy(asc(supplyObject.id), asc(meteringPoint.utility), asc(meteringPoint.id));
      return rows as MeteringPointRow[];
    },

    async contractsOf(scope: Scope, meteringPointIds: string[]) {
      if (meteringPointIds.length === 0) return [];
      const contracts = await db
        .select()
        .from(contract)
        .where(and(eq(contract.siteId, scope.siteId), eq(contract.customerId, scope.customerId), inArray(contract.meteringPointId, meteringPointIds)))
        .orderBy(asc(contract.startDate));
      const components =
        contracts.length === 0
          ? []
          : await db
              .select()
              .from(priceComponent)
              .where(inArray(priceComponent.contractId, contracts.map((row) => row.id)))
              .orderBy(asc(priceComponent.id));
      return contracts.map((row) => ({ ...row, priceComponents: components.filter((component) => component.contractId === row.id) }));
    },

    async contract(scope: Scope, id: string) {
      const [row] = await db
        .select()
        .from(contract)
        .where(and(eq(contract.siteId, scope.siteId), eq(contract.customerId, scope.customerId), eq(contract.id, id)));
      return row ?? null;
    },

    async siteCountry(siteId: string): Promise<BiddingZone> {
      const [row] = await db.select({ countryCode: site.countryCode }).from(site).where(eq(site.id, siteId));
      return (row?.countryCode ?? 'FI') as BiddingZone;
    },

    /** Published day-ahead periods of a zone in [from, to), in publication order. */
    async spotPrices(zone: string, from: Date, to: Date) {
      return db
        .select({ startsAt: spotPrice.startsAt, resolutionMinutes: spotPrice.resolutionMinutes, eurPerMwh: spotPrice.eurPerMwh })
        .from(spotPrice)
        .where(and(eq(spotPrice.biddingZone, zone), gte(spotPrice.startsAt, from), lt(spotPrice.startsAt, to)))
        .orderBy(asc(spotPrice.startsAt));
    },

    /** The instant a local day starts in a timezone, computed by the database (rule 4). */
    async dayStart(date: string, timezone: string): Promise<Date> {
      const result = await db.execute(sql`select (${date}::date)::timestamp at time zone ${timezone}::text as at`);
      const rows = (Array.isArray(result) ? result : (result as { rows: { at: Date | string }[] }).rows) as { at: Date | string }[];
      return new Date(rows[0]!.at);
    },
  };
}
export type EnergyRepository = ReturnType<typeof createEnergyRepository>;

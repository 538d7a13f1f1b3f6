import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { BiddingZone } from '@portal/schema/energy';
import type { UsagePointKind, Utility } from '@portal/schema/enums';
import { contract, meteringPoint, priceComponent, spotPrice, supplyObject } from '../../db/schema/energy.ts';
import { customer } from '../../db/schema/identity.ts';
import { site } from '../../db/schema/sites.ts';
import { queryRows, type Database } from '../../platform/database.ts';
import { energyBuckets, priceBuckets, storedResolutions, temperatureBuckets, type EnergyQuery } from './energy-queries.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import { billedDays } from '../pricing/billed-days.ts';
import { contractsToBill } from '../pricing/contract-bills.ts';
import { vatRateRows } from '../pricing/vat-rate-repository.ts';
import type { VatKey } from '../pricing/vat-rates.ts';

export type MeteringPointRow = {
  id: string;
  gsrn: string;
  utility: Utility;
  usagePointKind: UsagePointKind;
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
const ownedBy = (scope: CustomerScope) => and(eq(meteringPoint.siteId, scope.siteId), eq(meteringPoint.customerId, scope.customerId));

export function createEnergyRepository(db: Database) {
  const selectPoints = () =>
    db.select(meteringPointColumns).from(meteringPoint).innerJoin(supplyObject, eq(supplyObject.id, meteringPoint.objectId));

  return {
    /** Energy bucketed in the site's timezone, with cost where asked (energy-queries.ts). */
    buckets: (query: EnergyQuery) => energyBuckets(db, query),
    priceBuckets: (query: Parameters<typeof priceBuckets>[1]) => priceBuckets(db, query),
    temperatureBuckets: (query: Parameters<typeof temperatureBuckets>[1]) => temperatureBuckets(db, query),
    /** What bills of the scope's contracts read (modules/pricing, decisions 093 and 094). */
    contractsToBill: (scope: CustomerScope, meteringPointIds: string[]) => contractsToBill(db, scope, meteringPointIds),
    billedDays: (query: Parameters<typeof billedDays>[1]) => billedDays(db, query),
    vatRates: () => vatRateRows(db),
    storedResolutions: (scope: CustomerScope, meteringPointId: string) => storedResolutions(db, scope, meteringPointId),

    async meteringPoint(scope: CustomerScope, id: string): Promise<MeteringPointRow | null> {
      const [row] = await selectPoints().where(and(ownedBy(scope), eq(meteringPoint.id, id)));
      return row ?? null;
    },

    async meteringPoints(scope: CustomerScope): Promise<MeteringPointRow[]> {
      const rows = await selectPoints()
        .where(ownedBy(scope))
        .orderBy(asc(supplyObject.id), asc(meteringPoint.utility), asc(meteringPoint.id));
      return rows;
    },

    async contractsOf(scope: CustomerScope, meteringPointIds: string[]) {
      if (meteringPointIds.length === 0) return [];
      const contracts = await db
        .select()
        .from(contract)
        .where(
          and(
            eq(contract.siteId, scope.siteId),
            eq(contract.customerId, scope.customerId),
            inArray(contract.meteringPointId, meteringPointIds),
          ),
        )
        .orderBy(asc(contract.startDate));
      const components =
        contracts.length === 0
          ? []
          : await db
              .select()
              .from(priceComponent)
              .where(
                inArray(
                  priceComponent.contractId,
                  contracts.map((row) => row.id),
                ),
              )
              .orderBy(asc(priceComponent.id));
      return contracts.map((row) => ({ ...row, priceComponents: components.filter((component) => component.contractId === row.id) }));
    },

    async contract(scope: CustomerScope, id: string) {
      const [row] = await db
        .select()
        .from(contract)
        .where(and(eq(contract.siteId, scope.siteId), eq(contract.customerId, scope.customerId), eq(contract.id, id)));
      return row ?? null;
    },

    /** The VAT key of the scope's supply of a utility's energy: the site's country and the customer's type. */
    async vatKeyOf(scope: CustomerScope, utility: Utility): Promise<VatKey> {
      const [row] = await db
        .select({ countryCode: site.countryCode, customerType: customer.type })
        .from(customer)
        .innerJoin(site, eq(site.id, customer.siteId))
        .where(and(eq(customer.siteId, scope.siteId), eq(customer.id, scope.customerId)));
      if (!row) throw new Error(`No customer ${scope.customerId} on ${scope.siteId}`);
      return { countryCode: row.countryCode, utility, supply: 'energy', customerType: row.customerType };
    },

    async siteCountry(siteId: string): Promise<BiddingZone> {
      const [row] = await db.select({ countryCode: site.countryCode }).from(site).where(eq(site.id, siteId));
      return row?.countryCode ?? 'FI';
    },

    /** Published day-ahead periods of a zone in [from, to), in publication order. */
    async spotPrices(zone: BiddingZone, from: Date, to: Date) {
      return db
        .select({ startsAt: spotPrice.startsAt, resolutionMinutes: spotPrice.resolutionMinutes, eurPerMwh: spotPrice.eurPerMwh })
        .from(spotPrice)
        .where(and(eq(spotPrice.biddingZone, zone), gte(spotPrice.startsAt, from), lt(spotPrice.startsAt, to)))
        .orderBy(asc(spotPrice.startsAt));
    },

    /** The instant a local day starts in a timezone, computed by the database (rule 4). */
    async dayStart(date: string, timezone: string): Promise<Date> {
      const [row] = await queryRows<{ at: Date | string }>(db, sql`select (${date}::date)::timestamp at time zone ${timezone}::text as at`);
      return new Date(row!.at);
    },
  };
}
export type EnergyRepository = ReturnType<typeof createEnergyRepository>;

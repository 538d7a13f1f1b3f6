import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BiddingZone } from '@portal/schema/energy';
import type { UsagePointKind, Utility } from '@portal/schema/enums';
import { contract, meteringPoint, supplyObject } from '../../db/schema/energy.ts';
import type { Executor } from '../../platform/database.ts';
import { energyRead, priceRead, readingsEndRead, storedResolutions, temperatureRead } from './energy-queries.ts';
import { readAlone, readTogether, type Read } from '../../platform/reads-together.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import { billedDaysRead } from '../pricing/billed-days.ts';
import { contractComponentsSql, contractsToBillRead } from '../pricing/contract-bills.ts';
import { vatRateRows } from '../pricing/vat-rate-repository.ts';

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

const selectPoints = (executor: Executor) =>
  executor.select(meteringPointColumns).from(meteringPoint).innerJoin(supplyObject, eq(supplyObject.id, meteringPoint.objectId));

/** Rule 1: the scope's metering points with their objects, by object, utility and id. */
function meteringPointsRead(scope: CustomerScope): Read<MeteringPointRow[]> {
  return {
    sql: sql`select mp.id, mp.gsrn, mp.utility, mp.usage_point_kind, mp.bidding_zone, mp.resolution_minutes, mp.has_production,
                    mp.meter_number, so.id as object_id, so.street, so.postal_code, so.city, so.country_code,
                    so.connection_status, so.temperature_area
             from metering_point mp join supply_object so on so.id = mp.object_id
             where mp.site_id = ${scope.siteId} and mp.customer_id = ${scope.customerId}`,
    orderBy: ['object_id', 'utility', 'id'],
    decode: (rows) =>
      rows.map((row) => ({
        id: row.id as string,
        gsrn: row.gsrn as string,
        utility: row.utility as Utility,
        usagePointKind: row.usage_point_kind as UsagePointKind,
        biddingZone: row.bidding_zone as BiddingZone,
        resolutionMinutes: Number(row.resolution_minutes),
        hasProduction: row.has_production as boolean,
        meterNumber: row.meter_number as string,
        objectId: row.object_id as string,
        street: row.street as string,
        postalCode: row.postal_code as string,
        city: row.city as string,
        countryCode: row.country_code as string,
        connectionStatus: row.connection_status as MeteringPointRow['connectionStatus'],
        temperatureArea: row.temperature_area as string,
      })),
  };
}

/** A zone's published day-ahead periods in [from, to); the price in €/MWh as exact text. */
function spotPricesRead(zone: BiddingZone, from: Date, to: Date) {
  return {
    sql: sql`select starts_at, resolution_minutes, eur_per_mwh::text as eur_per_mwh from spot_price
             where bidding_zone = ${zone} and starts_at >= ${from.toISOString()}::timestamptz and starts_at < ${to.toISOString()}::timestamptz`,
    orderBy: ['starts_at'],
    decode: (rows: Record<string, unknown>[]) =>
      rows.map((row) => ({
        startsAt: new Date(row.starts_at as string | Date),
        resolutionMinutes: Number(row.resolution_minutes),
        eurPerMwh: row.eur_per_mwh as string,
      })),
  } satisfies Read<unknown>;
}

/**
 * What the dashboard, charts, locations and usage points read of a customer's energy: metering points, readings
 * bucketed, contracts with their prices, spot prices and VAT rates. One facade over energy-queries.ts and
 * modules/pricing; every read of a customer's data is scoped to them (rule 1).
 */
export const energyRepository = {
  /** Energy bucketed in the site's timezone, with cost where asked (energy-queries.ts). */
  bucketsRead: energyRead,
  /** Where a running period's readings end, and the same stretch of that day years back (decision 133). */
  readingsEndRead,
  /** Spot prices and outdoor temperatures averaged per bucket. */
  priceRead,
  temperatureRead,
  /** Reads built by the `…Read` functions here, alone or in one statement (decision 135). */
  alone: readAlone,
  together: readTogether,
  /** What bills of the scope's contracts read (modules/pricing, decisions 093 and 094). */
  contractsToBillRead,
  billedDaysRead,
  vatRates: (executor: Executor) => vatRateRows(executor),
  storedResolutions: (executor: Executor, scope: CustomerScope, meteringPointId: string) =>
    storedResolutions(executor, scope, meteringPointId),

  async meteringPoint(executor: Executor, scope: CustomerScope, id: string): Promise<MeteringPointRow | null> {
    const [row] = await selectPoints(executor).where(and(ownedBy(scope), eq(meteringPoint.id, id)));
    return row ?? null;
  },

  /** The scope's metering points with their objects (`meteringPointsRead`). */
  meteringPoints: (executor: Executor, scope: CustomerScope): Promise<MeteringPointRow[]> => readAlone(executor, meteringPointsRead(scope)),

  /** The scope's contracts at these metering points, oldest first, each with its price components in the same statement. */
  async contractsOf(executor: Executor, scope: CustomerScope, meteringPointIds: string[]) {
    if (meteringPointIds.length === 0) return [];
    return executor
      .select({
        id: contract.id,
        meteringPointId: contract.meteringPointId,
        contractNumber: contract.contractNumber,
        type: contract.type,
        productName: contract.productName,
        priceType: contract.priceType,
        startDate: contract.startDate,
        endDate: contract.endDate,
        priceComponents: contractComponentsSql(),
      })
      .from(contract)
      .where(
        and(
          eq(contract.siteId, scope.siteId),
          eq(contract.customerId, scope.customerId),
          inArray(contract.meteringPointId, meteringPointIds),
        ),
      )
      .orderBy(asc(contract.startDate));
  },

  /** Whether the scope has any contract at the metering point (a chart then shows its cost). */
  async hasContract(executor: Executor, scope: CustomerScope, meteringPointId: string): Promise<boolean> {
    const [row] = await executor
      .select({ id: contract.id })
      .from(contract)
      .where(
        and(eq(contract.siteId, scope.siteId), eq(contract.customerId, scope.customerId), eq(contract.meteringPointId, meteringPointId)),
      )
      .limit(1);
    return row !== undefined;
  },

  async contract(executor: Executor, scope: CustomerScope, id: string) {
    const [row] = await executor
      .select()
      .from(contract)
      .where(and(eq(contract.siteId, scope.siteId), eq(contract.customerId, scope.customerId), eq(contract.id, id)));
    return row ?? null;
  },

  /** Published day-ahead periods of a zone in [from, to), in publication order (`spotPricesRead`). */
  spotPrices: (executor: Executor, zone: BiddingZone, from: Date, to: Date) => readAlone(executor, spotPricesRead(zone, from, to)),
};

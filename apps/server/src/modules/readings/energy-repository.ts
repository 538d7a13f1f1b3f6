import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { BiddingZone } from '@portal/schema/energy';
import type { UsagePointKind, Utility } from '@portal/schema/enums';
import { contract, meteringPoint, spotPrice, supplyObject } from '../../db/schema/energy.ts';
import type { Executor } from '../../platform/database.ts';
import { energyRead, priceRead, readingsEndRead, storedResolutions, temperatureRead } from './energy-queries.ts';
import { readAlone, readTogether } from '../../platform/reads-together.ts';
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

  async meteringPoints(executor: Executor, scope: CustomerScope): Promise<MeteringPointRow[]> {
    const rows = await selectPoints(executor)
      .where(ownedBy(scope))
      .orderBy(asc(supplyObject.id), asc(meteringPoint.utility), asc(meteringPoint.id));
    return rows;
  },

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

  /** Published day-ahead periods of a zone in [from, to), in publication order. */
  async spotPrices(executor: Executor, zone: BiddingZone, from: Date, to: Date) {
    return executor
      .select({ startsAt: spotPrice.startsAt, resolutionMinutes: spotPrice.resolutionMinutes, eurPerMwh: spotPrice.eurPerMwh })
      .from(spotPrice)
      .where(and(eq(spotPrice.biddingZone, zone), gte(spotPrice.startsAt, from), lt(spotPrice.startsAt, to)))
      .orderBy(asc(spotPrice.startsAt));
  },
};

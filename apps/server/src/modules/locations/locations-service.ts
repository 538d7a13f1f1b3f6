import type { Location } from '@portal/schema/energy';
import { AppError } from '../../platform/errors.ts';
import { energyRepository, type MeteringPointRow } from '../readings/energy-repository.ts';
import { addDays, localDate, monthOf } from '@portal/schema/calendar-dates';
import { divideRounded } from '../../platform/exact-money.ts';
import type { BilledDay } from '../pricing/bill-period.ts';
import { billContract, type ContractToBill } from '../pricing/contract-bills.ts';
import type { CustomerScope } from '../../platform/actor.ts';
import type { Executor } from '../../platform/database.ts';

const addressOf = (point: MeteringPointRow) => ({
  street: point.street,
  postalCode: point.postalCode,
  city: point.city,
  countryCode: point.countryCode,
});

const summaryOf = (point: MeteringPointRow) => ({
  id: point.id,
  gsrn: point.gsrn,
  utility: point.utility,
  usagePointKind: point.usagePointKind,
  biddingZone: point.biddingZone,
  resolutionMinutes: point.resolutionMinutes,
  hasProduction: point.hasProduction,
  meterNumber: point.meterNumber,
});
export { addressOf, summaryOf };

function groupByObject(points: MeteringPointRow[]): MeteringPointRow[][] {
  const objects = new Map<string, MeteringPointRow[]>();
  for (const point of points) objects.set(point.objectId, [...(objects.get(point.objectId) ?? []), point]);
  return [...objects.values()];
}

/** GET /api/locations: the customer's objects with their metering points, contracts and price components. */
export async function listLocations(executor: Executor, scope: CustomerScope): Promise<Location[]> {
  const points = await energyRepository.meteringPoints(executor, scope);
  const contracts = await energyRepository.contractsOf(
    executor,
    scope,
    points.map((point) => point.id),
  );
  return groupByObject(points).map((list) => ({
    objectId: list[0]!.objectId,
    address: addressOf(list[0]!),
    connectionStatus: list[0]!.connectionStatus,
    meteringPoints: list.map((point) => ({
      ...summaryOf(point),
      contracts: contracts
        .filter((row) => row.meteringPointId === point.id)
        .map((row) => ({
          id: row.id,
          contractNumber: row.contractNumber,
          type: row.type,
          productName: row.productName,
          priceType: row.priceType,
          startDate: row.startDate,
          endDate: row.endDate,
          priceComponents: row.priceComponents.map((component) => ({
            kind: component.kind,
            unit: component.unit,
            priceCents: component.priceCents,
            thresholdKw: component.thresholdKw,
            validFrom: component.validFrom,
            validTo: component.validTo,
          })),
        })),
    })),
  }));
}

/** GET /api/dashboard/locations: one line per object: address, status and the utilities delivered there. */
export async function dashboardLocations(executor: Executor, scope: CustomerScope) {
  const points = await energyRepository.meteringPoints(executor, scope);
  return groupByObject(points).map((list) => ({
    objectId: list[0]!.objectId,
    address: addressOf(list[0]!),
    connectionStatus: list[0]!.connectionStatus,
    utilities: [...new Set(list.map((point) => point.utility))],
    meteringPointIds: list.map((point) => point.id),
  }));
}

/** GET /api/locations/gsrn: every metering point code of the customer with its object's address. */
export async function gsrnList(executor: Executor, scope: CustomerScope) {
  const points = await energyRepository.meteringPoints(executor, scope);
  return points.map((point) => ({
    meteringPointId: point.id,
    gsrn: point.gsrn,
    utility: point.utility,
    objectId: point.objectId,
    address: addressOf(point),
  }));
}

/**
 * The days of a month with every day not read at the average day of those read: what "the month at this pace" bills.
 * Exact integers (the read days' Wh and spot sums divided by their count, rounded half away from zero).
 */
function monthAtAverage(days: readonly BilledDay[], month: { from: string; to: string }): BilledDay[] {
  if (days.length === 0) return [];
  const count = BigInt(days.length);
  const average = (pick: (day: BilledDay) => bigint) =>
    divideRounded(
      days.reduce((sum, day) => sum + pick(day), 0n),
      count,
    );
  const shape = {
    dayWh: average((day) => day.dayWh),
    nightWh: average((day) => day.nightWh),
    spotWh: average((day) => day.spotWh),
    spotScaled: average((day) => day.spotScaled),
    // The month's peak so far stands for the month: days to come add no higher hour to the estimate.
    peakWh: 0n,
  };
  const read = new Map(days.map((day) => [day.date, day]));
  const all: BilledDay[] = [];
  for (let date = month.from; date <= month.to; date = addDays(date, 1)) all.push(read.get(date) ?? { date, ...shape });
  return all;
}

/**
 * GET /api/locations/cost-estimation: this month's consumption and cost so far per object, and the month at the pace
 * so far. Both are bills of the one billing function (decision 094): so far, the days to today with their fees;
 * the month, with the days to come at the average day read so far, each day taxed at the rate in force on it.
 */
export async function costEstimation(
  executor: Executor,
  scope: CustomerScope,
  site: { timezone: string },
  objectIds: string[],
  now = new Date(),
) {
  const { timezone } = site;
  const today = localDate(now, timezone);
  const month = monthOf(today);
  const points = await energyRepository.meteringPoints(executor, scope);
  const chosen = [...new Set(objectIds)].map((objectId) => {
    const list = points.filter((point) => point.objectId === objectId);
    if (list.length === 0) throw new AppError('OBJECT_NOT_FOUND', `No such object: ${objectId}`);
    return { objectId, meteringPointIds: list.map((point) => point.id) };
  });
  // Every object's contracts and this month's billed days in one statement (decision 135), the VAT rates beside it.
  const [read, rates] = await Promise.all([
    energyRepository.together(
      executor,
      chosen.flatMap(({ meteringPointIds }) => [
        energyRepository.contractsToBillRead(scope, meteringPointIds),
        energyRepository.billedDaysRead({ scope, meteringPointIds, from: month.from, to: today, timezone }),
      ]),
    ),
    energyRepository.vatRates(executor),
  ]);
  const objects = [];
  for (const [index, { objectId }] of chosen.entries()) {
    const contracts = read[index * 2] as ContractToBill[];
    const days = read[index * 2 + 1] as Map<string, BilledDay[]>;
    let wh = 0;
    let costToDateCents = 0;
    let estimatedMonthCents = 0;
    for (const billed of contracts) {
      const read = days.get(billed.id) ?? [];
      wh += read.reduce((sum, day) => sum + Number(day.dayWh + day.nightWh), 0);
      costToDateCents += billContract(billed, rates, read, month.from, today)?.totalCents ?? 0;
      estimatedMonthCents += billContract(billed, rates, monthAtAverage(read, month), month.from, month.to)?.totalCents ?? 0;
    }
    objects.push({ objectId, month: month.from.slice(0, 7), kwhToDate: wh / 1000, costToDateCents, estimatedMonthCents });
  }
  return { objects };
}

import type { Location } from '@portal/schema/energy';
import { AppError } from '../../platform/errors.ts';
import type { EnergyRepository, MeteringPointRow } from '../readings/energy-repository.ts';
import { daysInMonth, localDate, monthOf } from '@portal/schema/calendar-dates';
import type { CustomerScope } from '../../platform/actor.ts';

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
export async function listLocations(energy: EnergyRepository, scope: CustomerScope): Promise<Location[]> {
  const points = await energy.meteringPoints(scope);
  const contracts = await energy.contractsOf(
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
          vatPermille: row.vatPermille,
          priceComponents: row.priceComponents.map((component) => ({
            kind: component.kind,
            unit: component.unit,
            priceCents: component.priceCents,
            validFrom: component.validFrom,
            validTo: component.validTo,
          })),
        })),
    })),
  }));
}

/** GET /api/dashboard/locations: one line per object: address, status and the utilities delivered there. */
export async function dashboardLocations(energy: EnergyRepository, scope: CustomerScope) {
  const points = await energy.meteringPoints(scope);
  return groupByObject(points).map((list) => ({
    objectId: list[0]!.objectId,
    address: addressOf(list[0]!),
    connectionStatus: list[0]!.connectionStatus,
    utilities: [...new Set(list.map((point) => point.utility))],
    meteringPointIds: list.map((point) => point.id),
  }));
}

/** GET /api/locations/gsrn: every metering point code of the customer with its object's address. */
export async function gsrnList(energy: EnergyRepository, scope: CustomerScope) {
  const points = await energy.meteringPoints(scope);
  return points.map((point) => ({
    meteringPointId: point.id,
    gsrn: point.gsrn,
    utility: point.utility,
    objectId: point.objectId,
    address: addressOf(point),
  }));
}

/**
 * GET /api/locations/cost-estimation: this month's consumption and cost so far per object, and the month
 * extended at the average daily cost so far. Monthly fees count once, whole. Integer cents throughout.
 */
export async function costEstimation(
  energy: EnergyRepository,
  scope: CustomerScope,
  site: { timezone: string },
  objectIds: string[],
  now = new Date(),
) {
  const { timezone } = site;
  const today = localDate(now, timezone);
  const month = monthOf(today);
  const points = await energy.meteringPoints(scope);
  const objects = [];
  for (const objectId of [...new Set(objectIds)]) {
    const list = points.filter((point) => point.objectId === objectId);
    if (list.length === 0) throw new AppError('OBJECT_NOT_FOUND', `No such object: ${objectId}`);
    const ids = list.map((point) => point.id);
    const [rows, fees] = await Promise.all([
      energy.buckets({
        scope,
        meteringPointIds: ids,
        directions: 'consumption',
        bucket: 'day',
        timezone,
        from: month.from,
        to: today,
        withCost: true,
      }),
      energy.monthlyFees({ scope, meteringPointIds: ids, from: month.from, to: month.to, timezone }),
    ]);
    const measuredDays = rows.filter((row) => row.wh !== null).length;
    const wh = rows.reduce((sum, row) => sum + (row.wh ?? 0), 0);
    const energyCents = rows.reduce((sum, row) => sum + (row.costCents ?? 0), 0);
    const feeCents = [...fees.values()].reduce((sum, cents) => sum + cents, 0);
    const [year, monthNumber] = month.from.split('-').map(Number) as [number, number];
    const projectedEnergy = measuredDays === 0 ? 0 : Math.round((energyCents * daysInMonth(year, monthNumber)) / measuredDays);
    objects.push({
      objectId,
      month: month.from.slice(0, 7),
      kwhToDate: wh / 1000,
      costToDateCents: energyCents + feeCents,
      estimatedMonthCents: projectedEnergy + feeCents,
    });
  }
  return { objects };
}

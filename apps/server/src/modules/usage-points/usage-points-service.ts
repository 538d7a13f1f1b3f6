import type { UsagePoint, UsagePointSearchRequest } from '@portal/schema/energy';
import { AppError } from '../../platform/errors.ts';
import type { EnergyRepository, MeteringPointRow } from '../readings/energy-repository.ts';
import { addressOf, summaryOf } from '../locations/locations-service.ts';
import type { CustomerScope } from '../../platform/actor.ts';

const toUsagePoint = (point: MeteringPointRow): UsagePoint => ({
  ...summaryOf(point),
  meteringPointId: point.id,
  objectId: point.objectId,
  address: addressOf(point),
});

/** GET /api/usage-points/me: the actor's customer's usage points. */
export async function myUsagePoints(energy: EnergyRepository, scope: CustomerScope): Promise<UsagePoint[]> {
  return (await energy.meteringPoints(scope)).map(toUsagePoint);
}

const normalise = (value: string) =>
  value
    .toLocaleLowerCase('en')
    .replace(/[\s-]+/g, ' ')
    .trim();
const compact = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

/**
 * POST /api/usage-points/search: finds among the actor's own usage points only (rule 1), by the fields the
 * Address search mode names. Address matches street, postal code and city words in any order.
 */
export async function searchUsagePoints(
  energy: EnergyRepository,
  scope: CustomerScope,
  { searchType, searchQuery }: UsagePointSearchRequest,
): Promise<UsagePoint[]> {
  const points = await energy.meteringPoints(scope);
  const addressMatches = (point: MeteringPointRow) => {
    const haystack = normalise(`${point.street} ${point.postalCode} ${point.city}`);
    return normalise(searchQuery.address ?? '')
      .split(' ')
      .every((word) => haystack.includes(word));
  };
  const codeMatches = (point: MeteringPointRow, code: string | undefined) => !!code && compact(point.gsrn) === compact(code);
  const meterMatches = (point: MeteringPointRow) =>
    !!searchQuery.meterNumber && compact(point.meterNumber) === compact(searchQuery.meterNumber);
  const matches: Record<UsagePointSearchRequest['searchType'], (point: MeteringPointRow) => boolean> = {
    ADDRESS: addressMatches,
    GSRN: (point) => point.utility === 'electricity' && codeMatches(point, searchQuery.gsrn),
    EIC: (point) => point.utility !== 'electricity' && codeMatches(point, searchQuery.eic),
    EIC_OR_METER_NUMBER: (point) => codeMatches(point, searchQuery.eic) || meterMatches(point),
    ADDRESS_AND_METER_NUMBER: (point) => addressMatches(point) && meterMatches(point),
  };
  return points.filter(matches[searchType]).map(toUsagePoint);
}

/** GET /api/usage-points/technical-data: the meter behind a usage point and the span of its stored readings. */
export async function technicalData(energy: EnergyRepository, scope: CustomerScope, meteringPointId: string) {
  const point = await energy.meteringPoint(scope, meteringPointId);
  if (!point) throw new AppError('METERING_POINT_NOT_FOUND', 'No such metering point');
  const stored = await energy.storedResolutions(scope, point.id);
  const first = stored.map((row) => row.first.getTime());
  const last = stored.map((row) => row.last.getTime());
  return {
    ...summaryOf(point),
    meteringPointId: point.id,
    objectId: point.objectId,
    address: addressOf(point),
    connectionStatus: point.connectionStatus,
    firstReadingAt: first.length ? new Date(Math.min(...first)).toISOString() : null,
    lastReadingAt: last.length ? new Date(Math.max(...last)).toISOString() : null,
  };
}

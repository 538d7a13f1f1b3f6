import type { UsagePoint, UsagePointSearchRequest, UsagePointSearchResult } from '@portal/schema/energy';
import type { Executor } from '../../platform/database.ts';
import { gridRepository, type GridPointRow } from '../contracts/grid-repository.ts';
import { AppError } from '../../platform/errors.ts';
import { energyRepository, type MeteringPointRow } from '../readings/energy-repository.ts';
import type { CardReads } from '../readings/card-reads.ts';
import { addressOf, summaryOf } from '../locations/locations-service.ts';
import type { CustomerScope } from '../../platform/actor.ts';

const toUsagePoint = (point: MeteringPointRow): UsagePoint => ({
  ...summaryOf(point),
  meteringPointId: point.id,
  objectId: point.objectId,
  address: addressOf(point),
});

/** GET /api/usage-points/me: the actor's customer's usage points (the dashboard's cards read the same rows). */
export async function myUsagePoints(reads: Pick<CardReads, 'meteringPoints'>): Promise<UsagePoint[]> {
  return (await reads.meteringPoints()).map(toUsagePoint);
}

const words = (value: string) =>
  value
    .toLocaleLowerCase('en')
    .replace(/[\s,]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
const compact = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();

/** A code shown to someone who did not type it: its last four characters, the rest hidden. */
const masked = (code: string) => `${'•'.repeat(Math.max(0, code.length - 4))}${code.slice(-4)}`;

/**
 * POST /api/usage-points/search (docs/decisions/035-sign-flow.md): the site's grid register in the mode asked,
 * answering only what a stranger standing at the address may know: the address, the utility and kind, the code
 * masked unless the search named it, the meter number only when typed. ADDRESS needs a street and a house number
 * (the request schema), and every mode answers a handful of points, so nobody can list a town.
 */
export async function searchUsagePoints(
  executor: Executor,
  scope: CustomerScope,
  { searchType, searchQuery }: UsagePointSearchRequest,
): Promise<UsagePointSearchResult[]> {
  const code =
    searchType === 'GSRN' ? searchQuery.gsrn : searchType === 'EIC' || searchType === 'EIC_OR_METER_NUMBER' ? searchQuery.eic : undefined;
  const meterNumber =
    searchType === 'EIC_OR_METER_NUMBER' || searchType === 'ADDRESS_AND_METER_NUMBER' ? searchQuery.meterNumber : undefined;
  const byAddress = searchType === 'ADDRESS' || searchType === 'ADDRESS_AND_METER_NUMBER';
  const found = byAddress
    ? await gridRepository.byAddressWords(executor, scope.siteId, words(searchQuery.address ?? ''))
    : await gridRepository.byCodes(executor, scope.siteId, { code, meterNumber });
  const matches = found.filter((point) => {
    if (searchType === 'GSRN') return point.utility === 'electricity';
    if (searchType === 'ADDRESS_AND_METER_NUMBER') return compact(point.meterNumber) === compact(meterNumber ?? '');
    return true;
  });
  const own = await gridRepository.ownCodes(
    executor,
    scope.siteId,
    scope.customerId,
    matches.map((point) => point.code),
  );
  const typedCode = (point: GridPointRow) =>
    !!code && (compact(point.code) === compact(code) || (point.datahubEic !== null && compact(point.datahubEic) === compact(code)));
  return matches.map((point) => ({
    usagePointId: point.id,
    objectId: point.objectId,
    utility: point.utility,
    usagePointKind: point.usagePointKind,
    address: { street: point.street, postalCode: point.postalCode, city: point.city, countryCode: point.countryCode },
    code: typedCode(point) || own.has(point.code) ? point.code : masked(point.code),
    meterNumber: meterNumber && compact(point.meterNumber) === compact(meterNumber) ? point.meterNumber : null,
    own: own.has(point.code),
  }));
}

/** GET /api/usage-points/technical-data: the meter behind a usage point and the span of its stored readings. */
export async function technicalData(executor: Executor, scope: CustomerScope, meteringPointId: string) {
  const point = await energyRepository.meteringPoint(executor, scope, meteringPointId);
  if (!point) throw new AppError('METERING_POINT_NOT_FOUND', 'No such metering point');
  const stored = await energyRepository.storedResolutions(executor, scope, point.id);
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

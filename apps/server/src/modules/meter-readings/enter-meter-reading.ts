import { addDays, monthStart, todayIn } from '@portal/schema/calendar-dates';
import type { ActingAs, StaffRole } from '@portal/schema/identity';
import {
  METER_PHOTO_TYPES,
  registerDecimal,
  registerUnitOf,
  type MeterPhotoType,
  type MeterReading,
  type MeterReadingList,
  type MeterReadingRequest,
} from '@portal/schema/meter-readings';
import type { CustomerScope } from '../../platform/actor.ts';
import { actorRepository } from '../../platform/actor-repository.ts';
import type { Database, Transaction } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { CheckedFile } from '../support/attachment-upload.ts';
import { meterReadingRepository, type RegisterPoint, type RegisterReadingRow } from './meter-reading-repository.ts';
import { HISTORY_DAYS, judgeReading, thousandths } from './reading-plausibility.ts';

/** Who enters a reading: the customer, a representative, or customer service acting for the customer. */
export type ReadingEnterer = {
  scope: CustomerScope;
  timezone: string;
  personId: string;
  actingAs: ActingAs;
  staffRoles: readonly StaffRole[];
  requestId: string;
  ipAddress: string | null;
};

const toReading = (row: RegisterReadingRow): MeterReading => ({
  id: row.id,
  meteringPointId: row.meteringPointId,
  readOn: row.readOn,
  value: registerDecimal(thousandths(row.value)),
  unit: row.unit,
  source: row.source,
  status: row.supersededById ? 'SUPERSEDED' : 'CURRENT',
  supersededBy: row.supersededById,
  meterChanged: row.meterChanged,
  enteredBy: row.enteredBy,
  hasPhoto: row.hasPhoto,
  enteredAt: row.createdAt.toISOString(),
});

const notFound = () => new AppError('METERING_POINT_NOT_FOUND', 'You have no metering point by that id');

/** GET /api/meter-readings: the point's register readings, newest first, with their source and status. */
export async function listMeterReadings(db: Database, scope: CustomerScope, meteringPointId: string): Promise<MeterReadingList> {
  const point = await meterReadingRepository.point(db, scope, meteringPointId);
  if (!point) throw notFound();
  const rows = await meterReadingRepository.readings(db, point.id);
  return { meteringPointId: point.id, readByHand: point.readByHand, unit: registerUnitOf(point.utility), readings: rows.map(toReading) };
}

/** A photo must be one image (decision 055's checks already judged its type by content; a PDF is no photo). */
function photoOf(files: readonly CheckedFile[]): (CheckedFile & { contentType: MeterPhotoType }) | null {
  if (files.length > 1) throw new AppError('VALIDATION_FAILED', 'files: send at most one photo of the meter');
  const [file] = files;
  if (!file) return null;
  if (!(METER_PHOTO_TYPES as readonly string[]).includes(file.contentType)) {
    throw new AppError('ATTACHMENT_TYPE_NOT_ALLOWED', `files: ${file.fileName} is not a PNG, JPEG or WebP photo (judged by its content)`);
  }
  return file as CheckedFile & { contentType: MeterPhotoType };
}

/**
 * POST /api/meter-readings (docs/decisions/112): checks the value against the meter's last reading and a plausible
 * rate, then stores it as the customer's, with its photo and an audit line naming who typed it, in one transaction
 * that holds the metering point, so two readings of one meter are judged one after the other.
 */
export async function enterMeterReading(
  db: Database,
  enterer: ReadingEnterer,
  request: MeterReadingRequest,
  files: readonly CheckedFile[],
  now: Date = new Date(),
): Promise<MeterReading> {
  const photo = photoOf(files);
  const readOn = todayIn(enterer.timezone, now);
  const value = registerDecimal(thousandths(request.value.trim()));
  const meterChanged = request.meterChanged ?? false;
  return db.transaction(async (tx) => {
    const point = await meterReadingRepository.lockPoint(tx, enterer.scope, request.meteringPointId);
    if (!point) throw notFound();
    if (!point.readByHand) {
      throw new AppError('METER_READING_NOT_HAND_READ', 'This meter is read remotely: its readings arrive without you');
    }
    const unit = registerUnitOf(point.utility);
    const recent = await meterReadingRepository.currentReadingsSince(tx, point.id, addDays(readOn, -HISTORY_DAYS));
    const last = recent[0] ?? (await meterReadingRepository.lastCurrent(tx, point.id));
    const earlier = recent.length > 0 ? recent : last ? [last] : [];
    const verdict = judgeReading({ value, readOn, meterChanged, unit }, earlier);
    if (!verdict.ok && verdict.code === 'METER_READING_BELOW_LAST') {
      throw new AppError(
        verdict.code,
        `The reading ${value} ${unit} is lower than the last one (${registerDecimal(thousandths(verdict.last))} ${unit}); if the meter was changed, say so`,
      );
    }
    if (!verdict.ok) {
      throw new AppError(
        verdict.code,
        `The reading ${value} ${unit} implies more consumption than this meter can have had in ${verdict.days} days (at most ${verdict.allowed} ${unit}); check the digits`,
      );
    }
    const enteredBy = enterer.actingAs;
    const id = await meterReadingRepository.insert(tx, {
      point,
      readOn,
      value,
      unit,
      source: 'CUSTOMER',
      meterChanged,
      enteredBy,
      enteredByPersonId: enterer.personId,
      createdAt: now,
    });
    if (photo) await meterReadingRepository.insertPhoto(tx, id, photo);
    await audit(tx, enterer, point, id, meterChanged);
    const [stored] = (await meterReadingRepository.readings(tx, point.id, 5)).filter((row) => row.id === id);
    return toReading(stored!);
  });
}

/** One audit line per reading entered; a staff member's carries their role and is shown to the customer (076). */
async function audit(tx: Transaction, enterer: ReadingEnterer, point: RegisterPoint, readingId: string, meterChanged: boolean) {
  const staff = enterer.actingAs === 'staff';
  await actorRepository.audit(tx, {
    siteId: enterer.scope.siteId,
    personId: enterer.personId,
    customerId: enterer.scope.customerId,
    action: meterChanged ? 'meter reading entered (meter changed)' : 'meter reading entered',
    outcome: 'ok',
    requestId: enterer.requestId,
    ipAddress: enterer.ipAddress,
    details: `${point.id} ${readingId}`,
    ...(staff
      ? { actorRole: enterer.staffRoles.includes('customer-service') ? 'customer-service' : 'site-admin', dataArea: 'consumption' }
      : {}),
  });
}

/**
 * A reading the utility measured (its meter reader, or its own reading of the register), in the caller's transaction:
 * the demo seed's, and the reading system's through `receiveMeasuredReadings` (decision 131) with its own id.
 * It replaces the customer's readings of the same calendar month that nothing replaced yet: they stay, marked
 * SUPERSEDED with this reading's id. Answers the new reading's id and the ids it replaced.
 */
export async function recordMeasuredReading(
  tx: Transaction,
  point: RegisterPoint,
  reading: { readOn: string; value: string; meterChanged?: boolean; externalId?: string },
  now: Date = new Date(),
): Promise<{ id: string; replaced: string[] }> {
  const id = await meterReadingRepository.insert(tx, {
    point,
    readOn: reading.readOn,
    value: registerDecimal(thousandths(reading.value)),
    unit: registerUnitOf(point.utility),
    source: 'MEASURED',
    meterChanged: reading.meterChanged ?? false,
    enteredBy: null,
    enteredByPersonId: null,
    createdAt: now,
    externalId: reading.externalId ?? null,
  });
  const replaced = await meterReadingRepository.supersedeCustomerReadings(
    tx,
    point.id,
    { from: monthStart(reading.readOn), to: monthStart(reading.readOn, 1) },
    id,
    now,
  );
  return { id, replaced };
}

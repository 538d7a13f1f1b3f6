import { addDays, formatDay, monthStart, todayIn } from '@portal/schema/calendar-dates';
import type { ActingAs, StaffRole } from '@portal/schema/identity';
import {
  METER_PHOTO_TYPES,
  READ_ON_MAX_DAYS_BACK,
  registerDecimal,
  registerUnitOf,
  type MeterPhotoType,
  type MeterReading,
  type MeterReadingList,
  type MeterReadingRequest,
  type RegisterUnit,
} from '@portal/schema/meter-readings';
import type { CustomerScope } from '../../platform/actor.ts';
import { actorRepository } from '../../platform/actor-repository.ts';
import type { Database, Transaction } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { CheckedFile } from '../support/attachment-upload.ts';
import { meterReadingRepository, type RegisterPoint, type RegisterReadingRow } from './meter-reading-repository.ts';
import { entryWindow } from './reading-day-window.ts';
import { HISTORY_DAYS, judgeReading, thousandths, type Refusal } from './reading-plausibility.ts';

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
  override: row.overrideCheck && row.overrideReason ? { check: row.overrideCheck, reason: row.overrideReason } : null,
});

const notFound = () => new AppError('METERING_POINT_NOT_FOUND', 'You have no metering point by that id');

/** GET /api/meter-readings: the point's register readings, newest first, with their source and status. */
export async function listMeterReadings(
  db: Database,
  scope: CustomerScope,
  meteringPointId: string,
  timezone: string,
  now: Date = new Date(),
): Promise<MeterReadingList> {
  const point = await meterReadingRepository.point(db, scope, meteringPointId);
  if (!point) throw notFound();
  const rows = await meterReadingRepository.readings(db, point.id);
  return {
    meteringPointId: point.id,
    readByHand: point.readByHand,
    unit: registerUnitOf(point.utility),
    entryWindow: entryWindow(todayIn(timezone, now), await meterReadingRepository.lastMeasuredOn(db, point.id)),
    readings: rows.map(toReading),
  };
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

/** The refusal as the customer reads it: what was compared, and the value that would have passed. */
function refusalError(refusal: Refusal, value: string, unit: RegisterUnit): AppError {
  const shown = (register: string) => `${registerDecimal(thousandths(register))} ${unit}`;
  switch (refusal.code) {
    case 'METER_READING_BELOW_LAST':
      return new AppError(
        refusal.code,
        `The reading ${value} ${unit} is lower than the one before it (${shown(refusal.last)}); if the meter was changed, say so`,
      );
    case 'METER_READING_IMPLAUSIBLE':
      return new AppError(
        refusal.code,
        `The reading ${value} ${unit} implies more consumption than this meter can have had in ${refusal.days} days (at most ${refusal.allowed} ${unit}); check the digits`,
      );
    case 'METER_READING_ABOVE_NEXT':
      return new AppError(
        refusal.code,
        `The reading ${value} ${unit} is higher than the later reading of ${formatDay(refusal.nextOn)} (${shown(refusal.next)}); check the digits and the day`,
      );
    case 'METER_READING_TOO_LOW_FOR_NEXT':
      return new AppError(
        refusal.code,
        `With ${value} ${unit}, the later reading of ${formatDay(refusal.nextOn)} (${shown(refusal.next)}) would mean more consumption than this meter can have had in ${refusal.days} days (at least ${refusal.lowest} ${unit}); check the digits and the day`,
      );
  }
}

/**
 * POST /api/meter-readings (docs/decisions/112, 130): checks the day against the entry window and the value against
 * the meter's readings on both sides of it, then stores it as the customer's, with its photo and an audit line naming
 * who typed it, in one transaction that holds the metering point, so two readings of one meter are judged one after
 * the other. Staff acting for the customer may store a value the checks refused, with a reason kept on the row.
 */
export async function enterMeterReading(
  db: Database,
  enterer: ReadingEnterer,
  request: MeterReadingRequest,
  files: readonly CheckedFile[],
  now: Date = new Date(),
): Promise<MeterReading> {
  if (request.override && enterer.actingAs !== 'staff') {
    throw new AppError('STAFF_ONLY', 'Only customer service acting for the customer may store a reading the checks refused');
  }
  const photo = photoOf(files);
  const today = todayIn(enterer.timezone, now);
  const readOn = request.readOn ?? today;
  const value = registerDecimal(thousandths(request.value.trim()));
  const meterChanged = request.meterChanged ?? false;
  return db.transaction(async (tx) => {
    const point = await meterReadingRepository.lockPoint(tx, enterer.scope, request.meteringPointId);
    if (!point) throw notFound();
    if (!point.readByHand) {
      throw new AppError('METER_READING_NOT_HAND_READ', 'This meter is read remotely: its readings arrive without you');
    }
    const window = entryWindow(today, await meterReadingRepository.lastMeasuredOn(tx, point.id));
    if (readOn < window.from || readOn > window.to) {
      throw new AppError(
        'METER_READING_DAY_OUT_OF_RANGE',
        `A reading can be given for a day from ${formatDay(window.from)} to ${formatDay(window.to)}: not in the future, at most ${READ_ON_MAX_DAYS_BACK} days back, not before the utility's last reading`,
      );
    }
    const unit = registerUnitOf(point.utility);
    const recent = await meterReadingRepository.currentReadingsSince(tx, point.id, addDays(readOn, -HISTORY_DAYS));
    const later = recent.filter((row) => row.readOn > readOn).reverse();
    const before = recent.filter((row) => row.readOn <= readOn);
    const last = before[0] ?? (await meterReadingRepository.lastCurrentBy(tx, point.id, readOn));
    const earlier = before.length > 0 ? before : last ? [last] : [];
    const verdict = judgeReading({ value, readOn, meterChanged, unit }, earlier, later);
    if (!verdict.ok && !request.override) throw refusalError(verdict, value, unit);
    // A reason given for a reading the checks accept sets nothing aside: the row does not say it was overridden.
    const override = !verdict.ok && request.override ? { check: verdict.code, reason: request.override.reason.trim() } : null;
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
      override,
      createdAt: now,
    });
    if (photo) await meterReadingRepository.insertPhoto(tx, id, photo);
    await audit(tx, enterer, point, id, { meterChanged, override });
    const [stored] = await meterReadingRepository.reading(tx, point.id, id);
    return toReading(stored!);
  });
}

/**
 * One audit line per reading entered; a staff member's carries their role and is shown to the customer (076), and an
 * override names the check set aside and the reason (decision 130).
 */
async function audit(
  tx: Transaction,
  enterer: ReadingEnterer,
  point: RegisterPoint,
  readingId: string,
  { meterChanged, override }: { meterChanged: boolean; override: { check: string; reason: string } | null },
) {
  const staff = enterer.actingAs === 'staff';
  const action = override
    ? 'meter reading entered (check overridden)'
    : meterChanged
      ? 'meter reading entered (meter changed)'
      : 'meter reading entered';
  await actorRepository.audit(tx, {
    siteId: enterer.scope.siteId,
    personId: enterer.personId,
    customerId: enterer.scope.customerId,
    action,
    outcome: 'ok',
    requestId: enterer.requestId,
    ipAddress: enterer.ipAddress,
    // The overridden check and the staff member's reason, so the audit alone tells why the rule was set aside.
    details: override ? `${point.id} ${readingId} ${override.check}: ${override.reason}` : `${point.id} ${readingId}`,
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

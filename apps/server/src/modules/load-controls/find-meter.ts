import type { Executor } from '../../platform/database.ts';
import { AppError } from '../../platform/errors.ts';
import { loadControlRepository as repository, type MeterRow } from './load-control-repository.ts';
import type { CustomerScope } from '../../platform/actor.ts';

/** The object's meter the head-end reaches: 404 when the object is not the customer's, 422 when it has no such meter. */
export async function meterOfObject(executor: Executor, scope: CustomerScope, objectId: string): Promise<MeterRow> {
  const meter = await repository.meterOfObject(executor, scope, objectId);
  if (meter) return meter;
  if (await repository.ownsObject(executor, scope, objectId)) {
    throw new AppError('METER_NOT_CONTROLLABLE', 'This object has no meter that can be controlled remotely');
  }
  throw new AppError('OBJECT_NOT_FOUND', `No such object: ${objectId}`);
}

/**
 * The object's meter for its live readings: as `meterOfObject`, and only while the customer is supplied there (a
 * customer who moved out reads no more of the meter, which now measures someone else). 404 otherwise, as for an
 * object that was never theirs.
 */
export async function liveReadingsMeter(executor: Executor, scope: CustomerScope, objectId: string, today: string): Promise<MeterRow> {
  const meter = await meterOfObject(executor, scope, objectId);
  if (await repository.suppliedOn(executor, scope, meter.meteringPointId, today)) return meter;
  throw new AppError('OBJECT_NOT_FOUND', `No such object: ${objectId}`);
}

export async function meterByGsrn(executor: Executor, scope: CustomerScope, gsrn: string): Promise<MeterRow> {
  const meter = await repository.meterByGsrn(executor, scope, gsrn);
  if (meter) return meter;
  if (await repository.ownsGsrn(executor, scope, gsrn)) {
    throw new AppError('METER_NOT_CONTROLLABLE', 'This metering point has no meter that can be controlled remotely');
  }
  throw new AppError('METERING_POINT_NOT_FOUND', `No such metering point: ${gsrn}`);
}

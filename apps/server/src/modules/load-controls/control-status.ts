import { PLANNABLE_LOAD_KINDS, type ConnectionStatusView, type HanPortView, type MeteringPointStatus } from '@portal/schema/power';
import type { Database } from '../../platform/database.ts';
import { meterByGsrn, meterOfObject } from './find-meter.ts';
import { loadControlRepository as repository, toLoadCommand, type CommandRow, type MeterRow } from './load-control-repository.ts';
import type { CustomerScope } from '../../platform/actor.ts';

const iso = (at: Date | null) => at?.toISOString() ?? null;

function pendingFor(pending: CommandRow[], meter: MeterRow, targetKey: string) {
  const found = pending.find((command) => command.meteringPointId === meter.meteringPointId && command.targetKey === targetKey);
  return found ? toLoadCommand(found) : null;
}

function connectionOf(meter: MeterRow, pending: CommandRow[]): ConnectionStatusView {
  return {
    objectId: meter.objectId,
    meteringPointId: meter.meteringPointId,
    gsrn: meter.gsrn,
    status: meter.connectionStatus,
    changedAt: iso(meter.connectionChangedAt),
    remoteSwitching: meter.remoteSwitching,
    pendingCommand: pendingFor(pending, meter, 'connection'),
  };
}

function hanPortOf(meter: MeterRow, pending: CommandRow[]): HanPortView {
  return {
    objectId: meter.objectId,
    meteringPointId: meter.meteringPointId,
    status: meter.hanPort,
    changedAt: iso(meter.hanPortChangedAt),
    pendingCommand: pendingFor(pending, meter, 'han-port'),
  };
}

async function statusesOf(db: Database, meters: MeterRow[]): Promise<MeteringPointStatus[]> {
  const ids = meters.map((meter) => meter.meteringPointId);
  const [loads, pending] = await Promise.all([repository.loadsOf(db, ids), repository.pendingCommands(db, ids)]);
  return meters.map((meter) => ({
    meteringPointId: meter.meteringPointId,
    gsrn: meter.gsrn,
    objectId: meter.objectId,
    address: { street: meter.street, postalCode: meter.postalCode, city: meter.city },
    connection: connectionOf(meter, pending),
    hanPort: hanPortOf(meter, pending),
    loads: loads
      .filter((load) => load.meteringPointId === meter.meteringPointId)
      .map((load) => ({
        id: load.id,
        name: load.name,
        kind: load.kind,
        relay: load.relay,
        ratedKw: load.ratedW / 1000,
        state: load.state,
        stateChangedAt: iso(load.stateChangedAt),
        pendingCommand: pendingFor(pending, meter, `load:${load.id}`),
        plannable: PLANNABLE_LOAD_KINDS.includes(load.kind),
      })),
    lastSeenAt: iso(meter.lastSeenAt),
  }));
}

/** Every meter of the customer the head-end reaches, with loads, connection, HAN port and pending commands. */
export async function listMeteringPointStatuses(db: Database, scope: CustomerScope) {
  return statusesOf(db, await repository.meters(db, scope));
}

export async function meteringPointStatus(db: Database, scope: CustomerScope, gsrn: string): Promise<MeteringPointStatus> {
  const [status] = await statusesOf(db, [await meterByGsrn(db, scope, gsrn)]);
  return status!;
}

export async function connectionStatus(db: Database, scope: CustomerScope, objectId: string): Promise<ConnectionStatusView> {
  const meter = await meterOfObject(db, scope, objectId);
  return connectionOf(meter, await repository.pendingCommands(db, [meter.meteringPointId]));
}

export async function hanPortStatus(db: Database, scope: CustomerScope, objectId: string): Promise<HanPortView> {
  const meter = await meterOfObject(db, scope, objectId);
  return hanPortOf(meter, await repository.pendingCommands(db, [meter.meteringPointId]));
}

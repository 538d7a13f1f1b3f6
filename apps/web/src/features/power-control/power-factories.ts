import type { LiveReading, LoadCommand, MeteringPointStatus } from '@portal/schema/power';

/** Test data as the API answers it: Aino's house with a water heater and an EV charger behind its meter. */
export function buildCommand(overrides: Partial<LoadCommand> = {}): LoadCommand {
  return {
    id: '7d0c7a52-5f4c-4c1e-9a55-0d8a3a9e0001',
    action: 'relay-off',
    status: 'pending',
    origin: 'customer',
    requestedAt: '2026-11-23T10:00:00.000Z',
    resolvedAt: null,
    failureReason: null,
    ...overrides,
  };
}

export function buildMeteringPointStatus(overrides: Partial<MeteringPointStatus> = {}): MeteringPointStatus {
  const objectId = 'obj-lumo-aino-home';
  return {
    meteringPointId: 'mp-lumo-aino-el',
    gsrn: '643001100000543212',
    objectId,
    address: { street: 'Kuusikallionkuja 7', postalCode: '02210', city: 'Espoo' },
    connection: {
      objectId,
      meteringPointId: 'mp-lumo-aino-el',
      gsrn: '643001100000543212',
      status: 'connected',
      changedAt: null,
      remoteSwitching: false,
      pendingCommand: null,
    },
    hanPort: { objectId, meteringPointId: 'mp-lumo-aino-el', status: 'closed', changedAt: null, pendingCommand: null },
    loads: [
      {
        id: 'load-lumo-aino-el-1',
        name: 'Water heater',
        kind: 'water-heater',
        relay: 1,
        ratedKw: 3,
        state: 'on',
        stateChangedAt: null,
        pendingCommand: null,
        plannable: true,
      },
      {
        id: 'load-lumo-aino-el-2',
        name: 'EV charger',
        kind: 'ev-charger',
        relay: 2,
        ratedKw: 11,
        state: 'on',
        stateChangedAt: null,
        pendingCommand: null,
        plannable: true,
      },
    ],
    lastSeenAt: null,
    ...overrides,
  };
}

export function buildReading(at: number, importW = 1750): LiveReading {
  return {
    id: String(at),
    measuredAt: new Date(at).toISOString(),
    activePowerImportW: importW,
    activePowerExportW: 0,
    voltageV: [230.1, 231.2, 229.8],
    currentA: [3.1, 2.5, 1.9],
    energyImportWh: 73_975_900,
    energyExportWh: 48_053_100,
  };
}

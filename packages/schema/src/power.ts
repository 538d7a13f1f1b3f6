import { z } from 'zod';
import { connectionStatus } from './energy.ts';

/**
 * Power control of spec §1, §3, §4 and §7: an object's connection, the controllable loads behind its meter's
 * relays, the meter's HAN port and its live readings. docs/decisions/060-power-control.md tells the design.
 */

/** What a relay drives; the ★ cheapest-hours plan is offered for loads that can wait (water heater, EV charger). */
export const LOAD_KINDS = ['water-heater', 'ev-charger', 'space-heating', 'sauna-stove', 'lighting', 'other'] as const;
export const loadKind = z.enum(LOAD_KINDS);
export type LoadKind = z.infer<typeof loadKind>;
export const PLANNABLE_LOAD_KINDS: readonly LoadKind[] = ['water-heater', 'ev-charger'];

export const RELAY_STATES = ['on', 'off'] as const;
export const relayState = z.enum(RELAY_STATES);
export type RelayState = z.infer<typeof relayState>;

/** Spec §4: the HAN port's status is set by an action; these are the actions and the states they lead to. */
export const HAN_PORT_STATUSES = ['open', 'closed'] as const;
export const hanPortStatus = z.enum(HAN_PORT_STATUSES);
export type HanPortStatus = z.infer<typeof hanPortStatus>;
export const HAN_PORT_ACTIONS = ['open', 'close'] as const;
export const hanPortAction = z.enum(HAN_PORT_ACTIONS);
export type HanPortAction = z.infer<typeof hanPortAction>;

/** What a command asks of a meter (published to the head-end as is). */
export const COMMAND_ACTIONS = ['relay-on', 'relay-off', 'connect', 'disconnect', 'han-open', 'han-close', 'read-now'] as const;
export const commandAction = z.enum(COMMAND_ACTIONS);
export type CommandAction = z.infer<typeof commandAction>;

/** pending until the meter answers; confirmed or failed by its answer; timed-out when no answer came in time. */
export const COMMAND_STATUSES = ['pending', 'confirmed', 'failed', 'timed-out'] as const;
export const commandStatus = z.enum(COMMAND_STATUSES);
export type CommandStatus = z.infer<typeof commandStatus>;

/** The part of a meter a command is about: one command at a time each. */
export const COMMAND_TARGETS = ['load', 'connection', 'han-port', 'readings'] as const;
export type CommandTarget = (typeof COMMAND_TARGETS)[number];

/** Who started a command: a person in the portal, or a cheapest-hours plan at its hour. */
export const COMMAND_ORIGINS = ['customer', 'plan'] as const;

const isoDateTime = z.iso.datetime({ offset: true });
const id = z.string().min(1).max(100);

export const loadCommand = z
  .object({
    id: z.string(),
    action: commandAction,
    status: commandStatus,
    origin: z.enum(COMMAND_ORIGINS),
    requestedAt: isoDateTime,
    resolvedAt: isoDateTime.nullable(),
    /** Why the meter refused, or that it did not answer in time. */
    failureReason: z.string().nullable(),
  })
  .meta({ id: 'LoadCommand' });
export type LoadCommand = z.infer<typeof loadCommand>;

export const controllableLoad = z.object({
  id: z.string(),
  name: z.string(),
  kind: loadKind,
  relay: z.number().int(),
  ratedKw: z.number(),
  state: relayState,
  stateChangedAt: isoDateTime.nullable(),
  /** The command under way for this load, if any: the page shows it as pending. */
  pendingCommand: loadCommand.nullable(),
  plannable: z.boolean(),
});
export type ControllableLoad = z.infer<typeof controllableLoad>;

/** GET /api/load-controls/connection-status/{objectId}: the object's grid connection as the meter last confirmed it. */
export const connectionStatusView = z
  .object({
    objectId: z.string(),
    meteringPointId: z.string(),
    gsrn: z.string(),
    status: connectionStatus,
    changedAt: isoDateTime.nullable(),
    /** Whether the meter can connect and disconnect the supply remotely. */
    remoteSwitching: z.boolean(),
    pendingCommand: loadCommand.nullable(),
  })
  .meta({ id: 'ConnectionStatus' });
export type ConnectionStatusView = z.infer<typeof connectionStatusView>;

export const hanPortView = z
  .object({
    objectId: z.string(),
    meteringPointId: z.string(),
    status: hanPortStatus,
    changedAt: isoDateTime.nullable(),
    pendingCommand: loadCommand.nullable(),
  })
  .meta({ id: 'HanPortStatus' });
export type HanPortView = z.infer<typeof hanPortView>;

/** GET /api/load-controls/metering-point-status/{gsrn}: everything the portal knows of one controllable meter. */
export const meteringPointStatus = z
  .object({
    meteringPointId: z.string(),
    gsrn: z.string(),
    objectId: z.string(),
    address: z.object({ street: z.string(), postalCode: z.string(), city: z.string() }),
    connection: connectionStatusView,
    hanPort: hanPortView,
    loads: z.array(controllableLoad),
    /** When the meter was last heard from (an answer or its state); null if never. */
    lastSeenAt: isoDateTime.nullable(),
  })
  .meta({ id: 'MeteringPointStatus' });
export type MeteringPointStatus = z.infer<typeof meteringPointStatus>;

/** POST /api/load-controls/change-control: switch one load's relay, or connect or disconnect an object. */
export const changeControlRequest = z.discriminatedUnion('target', [
  z.object({ target: z.literal('load'), loadId: id, state: relayState }),
  z.object({ target: z.literal('connection'), objectId: id, state: connectionStatus }),
]);
export type ChangeControlRequest = z.infer<typeof changeControlRequest>;

/** POST /api/load-controls/han-port-status/{objectId} (spec §7: body action). */
export const hanPortRequest = z.object({ action: hanPortAction });
export type HanPortRequest = z.infer<typeof hanPortRequest>;

/** The answer to any command call: the command (new, or the one already under way for that target). */
export const commandAnswer = z.object({
  command: loadCommand,
  /** True when a command for the same target was already pending and this is it (spec: one at a time). */
  alreadyPending: z.boolean(),
});
export type CommandAnswer = z.infer<typeof commandAnswer>;

/** A meter's instantaneous values, as it publishes them every few seconds. */
export const liveReading = z
  .object({
    /** Event id of the stream: the reading's time in milliseconds since the epoch. */
    id: z.string(),
    measuredAt: isoDateTime,
    activePowerImportW: z.number(),
    activePowerExportW: z.number(),
    voltageV: z.tuple([z.number(), z.number(), z.number()]),
    currentA: z.tuple([z.number(), z.number(), z.number()]),
    /** Energy registers, Wh, as the meter counts them since installation. */
    energyImportWh: z.number(),
    energyExportWh: z.number(),
  })
  .meta({ id: 'LiveReading' });
export type LiveReading = z.infer<typeof liveReading>;

export const liveReadingsView = z
  .object({
    objectId: z.string(),
    meteringPointId: z.string(),
    /** The latest reading this server has, or null before the meter was heard from. */
    latest: liveReading.nullable(),
    /** Recent readings, oldest first (the last few minutes), for a chart that starts full. */
    recent: z.array(liveReading),
  })
  .meta({ id: 'LiveReadings' });
export type LiveReadingsView = z.infer<typeof liveReadingsView>;

/** ★ Cheapest-hours plan: how many hours the load needs between two full hours. */
export const planRequest = z
  .object({
    loadId: id,
    windowStart: isoDateTime,
    windowEnd: isoDateTime,
    hours: z.number().int().min(1).max(48),
  })
  .refine((plan) => Date.parse(plan.windowStart) < Date.parse(plan.windowEnd), {
    message: 'the window must end after it starts',
    path: ['windowEnd'],
  });
export type PlanRequest = z.infer<typeof planRequest>;

export const PLAN_STATUSES = ['scheduled', 'done', 'cancelled'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const planHour = z.object({
  startsAt: isoDateTime,
  /** Hourly average of the published 15-minute prices, c/kWh without VAT. */
  centsPerKwh: z.number(),
  /** The VAT rate in force on the hour's local day, per mille (255 is 25.5 %): a window may cross a rate change. */
  vatPermille: z.number().int(),
  chosen: z.boolean(),
  /**
   * Where the point's contract has a power charge (docs/decisions/128): the hour's expected 60-minute average with the
   * load on (the point's typical hour plus the load's rated power), kW, and whether that raises the month's peak.
   */
  expectedKw: z.number().optional(),
  raisesPeak: z.boolean().optional(),
});

export const planPreview = z
  .object({
    loadId: z.string(),
    windowStart: isoDateTime,
    windowEnd: isoDateTime,
    hoursNeeded: z.number().int(),
    ratedKw: z.number(),
    hours: z.array(planHour),
    /**
     * Energy cost in euro cents with each hour's VAT: the chosen hours, and the same hours run at once from the
     * window's start.
     */
    plannedCostCents: z.number().int(),
    atOnceCostCents: z.number().int(),
    savingCents: z.number().int(),
    /**
     * The power charge's part (docs/decisions/128), null where the contract has none: the kW the chosen hours keep
     * under (the month's peak so far, or the threshold when higher), and whether too few hours were under it, so the
     * plan raises the peak after all.
     */
    peak: z.object({ limitKw: z.number(), raised: z.boolean() }).nullable().optional(),
  })
  .meta({ id: 'PlanPreview' });
export type PlanPreview = z.infer<typeof planPreview>;

export const loadPlan = planPreview
  .extend({
    id: z.string(),
    status: z.enum(PLAN_STATUSES),
    createdAt: isoDateTime,
    loadName: z.string(),
  })
  .meta({ id: 'LoadPlan' });
export type LoadPlan = z.infer<typeof loadPlan>;
export const loadPlanList = z.array(loadPlan);

export const planListQuery = z.object({ loadId: id.optional() });

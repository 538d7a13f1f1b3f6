import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  COMMAND_ACTIONS,
  COMMAND_ORIGINS,
  COMMAND_STATUSES,
  COMMAND_TARGETS,
  HAN_PORT_STATUSES,
  LOAD_KINDS,
  PLAN_STATUSES,
  RELAY_STATES,
} from '@portal/schema/power';
import { enumText, oneOf } from './enum-column.ts';
import { meteringPoint, supplyObject } from './energy.ts';
import { customer, person } from './identity.ts';
import { site } from './sites.ts';

/**
 * A meter the head-end reaches (docs/decisions/060-power-control.md): its HAN port, whether it can switch the
 * supply remotely, and when it was last heard from. The object's connection status itself stays on
 * supply_object, where the rest of the portal reads it.
 */
export const meterControl = pgTable(
  'meter_control',
  {
    meteringPointId: text('metering_point_id')
      .primaryKey()
      .references(() => meteringPoint.id, { onDelete: 'cascade' }),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    hanPort: enumText('han_port', HAN_PORT_STATUSES).notNull().default('closed'),
    hanPortChangedAt: timestamp('han_port_changed_at', { withTimezone: true, mode: 'date' }),
    remoteSwitching: boolean('remote_switching').notNull().default(false),
    connectionChangedAt: timestamp('connection_changed_at', { withTimezone: true, mode: 'date' }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('meter_control_customer_idx').on(table.siteId, table.customerId),
    oneOf('meter_control_han_port_check', table.hanPort, HAN_PORT_STATUSES),
  ],
);

/** A load behind one of a meter's relays (water heater, EV charger, sauna stove…), with its last confirmed state. */
export const controllableLoad = pgTable(
  'controllable_load',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    meteringPointId: text('metering_point_id')
      .notNull()
      .references(() => meterControl.meteringPointId, { onDelete: 'cascade' }),
    relay: smallint('relay').notNull(),
    kind: enumText('kind', LOAD_KINDS).notNull(),
    name: text('name').notNull(),
    /** Rated power in watts (exact), what the plan's cost estimate multiplies by. */
    ratedW: integer('rated_w').notNull(),
    state: enumText('state', RELAY_STATES).notNull().default('on'),
    stateChangedAt: timestamp('state_changed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('controllable_load_relay_unique').on(table.meteringPointId, table.relay),
    index('controllable_load_customer_idx').on(table.siteId, table.customerId),
    oneOf('controllable_load_kind_check', table.kind, LOAD_KINDS),
    oneOf('controllable_load_state_check', table.state, RELAY_STATES),
    check('controllable_load_relay_check', sql`${table.relay} between 1 and 8`),
    check('controllable_load_rated_w_check', sql`${table.ratedW} > 0`),
  ],
);

/**
 * One command to a meter and its outcome: pending → confirmed, failed or timed-out. At most one pending command
 * per meter and target (a load, the connection, the HAN port, a reading), enforced by a partial unique index.
 */
export const loadCommand = pgTable(
  'load_command',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    objectId: text('object_id')
      .notNull()
      .references(() => supplyObject.id, { onDelete: 'cascade' }),
    meteringPointId: text('metering_point_id')
      .notNull()
      .references(() => meterControl.meteringPointId, { onDelete: 'cascade' }),
    loadId: text('load_id').references(() => controllableLoad.id, { onDelete: 'cascade' }),
    target: enumText('target', COMMAND_TARGETS).notNull(),
    /** `load:<id>`, `connection`, `han-port` or `readings`: what "one at a time" counts by. */
    targetKey: text('target_key').notNull(),
    action: enumText('action', COMMAND_ACTIONS).notNull(),
    status: enumText('status', COMMAND_STATUSES).notNull().default('pending'),
    origin: enumText('origin', COMMAND_ORIGINS).notNull(),
    planId: text('plan_id'),
    requestedBy: text('requested_by').references(() => person.id, { onDelete: 'set null' }),
    requestId: text('request_id'),
    failureReason: text('failure_reason'),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** No answer by then and the command is timed out. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('load_command_one_pending')
      .on(table.meteringPointId, table.targetKey)
      .where(sql`${table.status} = 'pending'`),
    index('load_command_customer_idx').on(table.siteId, table.customerId, table.requestedAt),
    oneOf('load_command_target_check', table.target, COMMAND_TARGETS),
    oneOf('load_command_action_check', table.action, COMMAND_ACTIONS),
    oneOf('load_command_status_check', table.status, COMMAND_STATUSES),
    oneOf('load_command_origin_check', table.origin, COMMAND_ORIGINS),
  ],
);

/**
 * One hour of a plan as it was priced when the plan was made: its average spot price (c/kWh, VAT excluded) and the
 * VAT rate in force on its local day (decision 093).
 */
export type PlannedHour = {
  startsAt: string;
  centsPerKwh: number;
  vatPermille: number;
  chosen: boolean;
  /** Plans of a point with a power charge (docs/decisions/128). */
  expectedKw?: number;
  raisesPeak?: boolean;
};

/** ★ A cheapest-hours plan: a load runs in the cheapest hours of a window; its switches run through the job runner. */
export const loadPlan = pgTable(
  'load_plan',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    loadId: text('load_id')
      .notNull()
      .references(() => controllableLoad.id, { onDelete: 'cascade' }),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true, mode: 'date' }).notNull(),
    hoursNeeded: smallint('hours_needed').notNull(),
    ratedW: integer('rated_w').notNull(),
    hours: jsonb('hours').$type<PlannedHour[]>().notNull(),
    plannedCostCents: integer('planned_cost_cents').notNull(),
    atOnceCostCents: integer('at_once_cost_cents').notNull(),
    status: enumText('status', PLAN_STATUSES).notNull().default('scheduled'),
    createdBy: text('created_by').references(() => person.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    // One plan under way per load: a second would fight the first over the same relay.
    uniqueIndex('load_plan_one_scheduled')
      .on(table.loadId)
      .where(sql`${table.status} = 'scheduled'`),
    index('load_plan_customer_idx').on(table.siteId, table.customerId, table.createdAt),
    oneOf('load_plan_status_check', table.status, PLAN_STATUSES),
    check('load_plan_window_check', sql`${table.windowStart} < ${table.windowEnd}`),
    check('load_plan_hours_check', sql`${table.hoursNeeded} between 1 and 48`),
  ],
);

/**
 * The first live reading heard in each hour of a meter watched for the power peak alert (docs/decisions/128): the
 * import register there, with the power then, tells how much of the running hour's energy is used already. Kept in
 * the database, not in a copy's memory, so any copy's next run projects the same hour.
 */
export const liveHourRegister = pgTable(
  'live_hour_register',
  {
    meteringPointId: text('metering_point_id')
      .notNull()
      .references(() => meteringPoint.id, { onDelete: 'cascade' }),
    hourStart: timestamp('hour_start', { withTimezone: true, mode: 'date' }).notNull(),
    measuredAt: timestamp('measured_at', { withTimezone: true, mode: 'date' }).notNull(),
    energyImportWh: bigint('energy_import_wh', { mode: 'number' }).notNull(),
    activePowerImportW: integer('active_power_import_w').notNull(),
  },
  (table) => [primaryKey({ columns: [table.meteringPointId, table.hourStart] })],
);

import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customer } from './identity.ts';
import { site } from './sites.ts';

/** A place energy is delivered to (a house, a flat, a substation), with its grid connection status. */
export const supplyObject = pgTable(
  'supply_object',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    customerId: text('customer_id')
      .notNull()
      .references(() => customer.id, { onDelete: 'cascade' }),
    street: text('street').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    countryCode: text('country_code').notNull(),
    /** 'connected' or 'disconnected'. */
    connectionStatus: text('connection_status').notNull().default('connected'),
    /** Weather area of the outdoor temperature series. */
    temperatureArea: text('temperature_area').notNull(),
  },
  (table) => [index('supply_object_customer_idx').on(table.siteId, table.customerId)],
);

/** A metering point: GSRN (electricity, 18 digits) or EIC (gas, heating), one utility, one bidding zone. */
export const meteringPoint = pgTable(
  'metering_point',
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
    gsrn: text('gsrn').notNull(),
    utility: text('utility').notNull(),
    /** Usage point kind of spec §3 (UsagePoint, MicrogenerationSite, …). */
    usagePointKind: text('usage_point_kind').notNull(),
    biddingZone: text('bidding_zone').notNull(),
    /** Finest resolution the meter reports, in minutes: 60, 15 or 5. */
    resolutionMinutes: smallint('resolution_minutes').notNull(),
    hasProduction: boolean('has_production').notNull().default(false),
    meterNumber: text('meter_number').notNull(),
  },
  (table) => [
    uniqueIndex('metering_point_site_gsrn_unique').on(table.siteId, table.gsrn),
    index('metering_point_customer_idx').on(table.siteId, table.customerId),
  ],
);

export const contract = pgTable(
  'contract',
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
      .references(() => meteringPoint.id, { onDelete: 'cascade' }),
    contractNumber: text('contract_number').notNull(),
    /** Contract type of spec §3 (SupplyContract, GasSupplyContract, HeatingGridContract, …). */
    type: text('type').notNull(),
    productName: text('product_name').notNull(),
    /** Price type of spec §3 (Hourly = spot, Fixed, …). */
    priceType: text('price_type').notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    /** VAT rate in per mille (25.5 % = 255), as the country taxes this utility. */
    vatPermille: integer('vat_permille').notNull(),
  },
  (table) => [
    uniqueIndex('contract_site_number_unique').on(table.siteId, table.contractNumber),
    index('contract_customer_idx').on(table.siteId, table.customerId),
  ],
);

/**
 * One price of a contract. Energy prices are in euro cents per kWh, fees in euro cents per month,
 * both as exact decimals (5 places) so no float ever touches money.
 */
export const priceComponent = pgTable(
  'price_component',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contractId: text('contract_id')
      .notNull()
      .references(() => contract.id, { onDelete: 'cascade' }),
    /** Price component kind of spec §3 (Base, Day, Night, Monthly, Margin, …). */
    kind: text('kind').notNull(),
    /** 'c/kWh' or 'c/month'. */
    unit: text('unit').notNull(),
    priceCents: numeric('price_cents', { precision: 14, scale: 5 }).notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to'),
  },
  (table) => [index('price_component_contract_idx').on(table.contractId)],
);

/**
 * Metered energy: one row per metering point, interval start and direction, in watt-hours (exact integers;
 * kWh with three decimals is Wh / 1000). Partition by month at scale (docs/operations.md).
 */
export const reading = pgTable(
  'reading',
  {
    meteringPointId: text('metering_point_id')
      .notNull()
      .references(() => meteringPoint.id, { onDelete: 'cascade' }),
    /** Interval start, UTC. */
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** 'consumption' or 'production'. */
    direction: text('direction').notNull(),
    resolutionMinutes: smallint('resolution_minutes').notNull(),
    wh: bigint('wh', { mode: 'number' }).notNull(),
    /** False for values the grid operator estimated rather than measured. */
    measured: boolean('measured').notNull().default(true),
  },
  (table) => [primaryKey({ columns: [table.meteringPointId, table.direction, table.resolutionMinutes, table.startsAt] })],
);

/** Day-ahead price per bidding zone and period (15 minutes since 1 Oct 2025), in €/MWh as the market publishes it. */
export const spotPrice = pgTable(
  'spot_price',
  {
    biddingZone: text('bidding_zone').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    resolutionMinutes: smallint('resolution_minutes').notNull(),
    eurPerMwh: numeric('eur_per_mwh', { precision: 10, scale: 2 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.biddingZone, table.startsAt] })],
);

/** Hourly outdoor temperature per weather area, in tenths of a degree Celsius. */
export const temperature = pgTable(
  'temperature',
  {
    area: text('area').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    deciCelsius: smallint('deci_celsius').notNull(),
  },
  (table) => [primaryKey({ columns: [table.area, table.startsAt] })],
);

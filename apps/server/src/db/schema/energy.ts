import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
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
import { biddingZone, CONNECTION_STATUSES, ENERGY_DIRECTIONS, PRICE_UNITS } from '@portal/schema/energy';
import {
  billingChannelKind,
  contractStatus,
  contractType,
  priceComponentKind,
  priceType,
  usagePointKind,
  utility,
} from '@portal/schema/enums';
import { CONTRACT_START_REASONS } from '@portal/schema/contract-signing';
import { MOVE_OUT_COUNTRIES } from '@portal/schema/move-out';
import { FLOOR_AREA_BANDS, HEATINGS, HOME_DETAIL_SOURCES, HOME_KINDS } from '@portal/schema/homes-comparison';
import { enumText, oneOf } from './enum-column.ts';
import { customer } from './identity.ts';
import { powerCheck, product } from './products.ts';
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
    connectionStatus: enumText('connection_status', CONNECTION_STATUSES).notNull().default('connected'),
    /** Weather area of the outdoor temperature series. */
    temperatureArea: text('temperature_area').notNull(),
    /**
     * What "homes like mine" groups the place's metering points by (docs/decisions/123): the kind of home, its main
     * heating and its floor-area band, null until the customer tells them or the building register has them.
     */
    homeKind: enumText('home_kind', HOME_KINDS),
    heating: enumText('heating', HEATINGS),
    floorAreaBand: enumText('floor_area_band', FLOOR_AREA_BANDS),
    /** Who told the details above: the customer, or the building register through the data hub; null while none is known. */
    homeDetailsSource: enumText('home_details_source', HOME_DETAIL_SOURCES),
  },
  (table) => [
    index('supply_object_customer_idx').on(table.siteId, table.customerId),
    // The comparison's group: the site's homes of one kind (decision 123).
    index('supply_object_home_kind_idx').on(table.siteId, table.homeKind),
    oneOf('supply_object_connection_status_check', table.connectionStatus, CONNECTION_STATUSES),
    oneOf('supply_object_home_kind_check', table.homeKind, HOME_KINDS),
    oneOf('supply_object_heating_check', table.heating, HEATINGS),
    oneOf('supply_object_floor_area_band_check', table.floorAreaBand, FLOOR_AREA_BANDS),
    oneOf('supply_object_home_details_source_check', table.homeDetailsSource, HOME_DETAIL_SOURCES),
  ],
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
    utility: enumText('utility', utility.options).notNull(),
    usagePointKind: enumText('usage_point_kind', usagePointKind.options).notNull(),
    biddingZone: enumText('bidding_zone', biddingZone.options).notNull(),
    /** Finest resolution the meter reports, in minutes: 60, 15 or 5. */
    resolutionMinutes: smallint('resolution_minutes').notNull(),
    hasProduction: boolean('has_production').notNull().default(false),
    meterNumber: text('meter_number').notNull(),
    /**
     * The meter is read by hand (no remote reading of its register): the customer enters readings on sites with
     * METER_READING_ENTRY and may be reminded monthly (docs/decisions/112).
     */
    readByHand: boolean('read_by_hand').notNull().default(false),
  },
  (table) => [
    uniqueIndex('metering_point_site_gsrn_unique').on(table.siteId, table.gsrn),
    index('metering_point_customer_idx').on(table.siteId, table.customerId),
    oneOf('metering_point_utility_check', table.utility, utility.options),
    oneOf('metering_point_usage_point_kind_check', table.usagePointKind, usagePointKind.options),
    oneOf('metering_point_bidding_zone_check', table.biddingZone, biddingZone.options),
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
    type: enumText('type', contractType.options).notNull(),
    productName: text('product_name').notNull(),
    /** Hourly = spot. */
    priceType: enumText('price_type', priceType.options).notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    /** Moved only through modules/contracts/contract-life-cycle.ts (docs/decisions/030-contract-life-cycle.md). */
    status: enumText('status', contractStatus.options).notNull().default('active'),
    /** Fixed term in months; null for a contract until further notice. */
    termMonths: smallint('term_months'),
    /** How invoices of this contract reach the customer, and where to (email, postal address, IBAN, OVT). */
    billingChannel: enumText('billing_channel', billingChannelKind.options).notNull().default('Email'),
    billingTarget: text('billing_target').notNull().default(''),
    /** E-invoice operator or bank (OVT and EInvoiceRequest channels). */
    billingOperator: text('billing_operator'),
    signedAt: timestamp('signed_at', { withTimezone: true, mode: 'date' }),
    /** The catalogue product a contract signed in the portal was made from (docs/decisions/035-sign-flow.md). */
    productId: text('product_id').references(() => product.id, { onDelete: 'set null' }),
    /** An add-on signed with it (SIGNING_ADDITIONAL_PRODUCT), its prices among the contract's. */
    additionalProductId: text('additional_product_id').references(() => product.id, { onDelete: 'set null' }),
    /**
     * The contract this one renews, or whose network product it changes (decision 127); that one ends the day before
     * this one starts, once this one is signed.
     */
    renewsContractId: text('renews_contract_id').references((): AnyPgColumn => contract.id, { onDelete: 'set null' }),
    startReason: enumText('start_reason', CONTRACT_START_REASONS),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    coOwnerName: text('co_owner_name'),
    coOwnerCode: text('co_owner_code'),
    /** The Estonian datahub's reference for the supply registered there (docs/decisions/036-estonian-datahub.md). */
    datahubReference: text('datahub_reference'),
  },
  (table) => [
    uniqueIndex('contract_site_number_unique').on(table.siteId, table.contractNumber),
    index('contract_customer_idx').on(table.siteId, table.customerId),
    oneOf('contract_type_check', table.type, contractType.options),
    oneOf('contract_price_type_check', table.priceType, priceType.options),
    oneOf('contract_status_check', table.status, contractStatus.options),
    oneOf('contract_billing_channel_check', table.billingChannel, billingChannelKind.options),
    oneOf('contract_start_reason_check', table.startReason, CONTRACT_START_REASONS),
  ],
);

/**
 * One price of a contract. Energy prices are in euro cents per kWh, fees in euro cents per month or year,
 * both as exact decimals (5 places) so no float ever touches money.
 */
export const priceComponent = pgTable(
  'price_component',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contractId: text('contract_id')
      .notNull()
      .references(() => contract.id, { onDelete: 'cascade' }),
    kind: enumText('kind', priceComponentKind.options).notNull(),
    unit: enumText('unit', PRICE_UNITS).notNull(),
    priceCents: numeric('price_cents', { precision: 14, scale: 5 }).notNull(),
    /** Power charge (decision 119): the kW of the month's peak hour left free, the utility's own; null for other kinds. */
    thresholdKw: numeric('threshold_kw', { precision: 8, scale: 3 }),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to'),
  },
  (table) => [
    index('price_component_contract_idx').on(table.contractId),
    oneOf('price_component_kind_check', table.kind, priceComponentKind.options),
    oneOf('price_component_unit_check', table.unit, PRICE_UNITS),
    check('price_component_power_check', powerCheck(table)),
  ],
);

/**
 * A reported move-out (docs/decisions/032-move-out.md): at most one per contract, written in the same
 * transaction that moves the contract to `ending` and gives it this end date.
 */
export const contractMoveOut = pgTable(
  'contract_move_out',
  {
    contractId: text('contract_id')
      .primaryKey()
      .references(() => contract.id, { onDelete: 'cascade' }),
    endDate: date('end_date').notNull(),
    street: text('street').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    countryCode: enumText('country_code', MOVE_OUT_COUNTRIES).notNull(),
    /** The meter's register in whole kWh on the moving day, when the customer read it. */
    meterReadingKwh: integer('meter_reading_kwh'),
    /** The person who reported it (the customer, a representative or staff acting). */
    reportedBy: text('reported_by').notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [oneOf('contract_move_out_country_code_check', table.countryCode, MOVE_OUT_COUNTRIES)],
);

/**
 * Metered energy: one row per metering point, interval start and direction, in watt-hours (exact integers;
 * kWh with three decimals is Wh / 1000). Partitioned by month of `starts_at` in UTC (migration 0029, docs/decisions/116):
 * drizzle does not model partitions, so the migration, not this definition, makes them.
 */
export const reading = pgTable(
  'reading',
  {
    meteringPointId: text('metering_point_id')
      .notNull()
      .references(() => meteringPoint.id, { onDelete: 'cascade' }),
    /** Interval start, UTC. */
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    direction: enumText('direction', ENERGY_DIRECTIONS).notNull(),
    resolutionMinutes: smallint('resolution_minutes').notNull(),
    wh: bigint('wh', { mode: 'number' }).notNull(),
    /** False for values the grid operator estimated rather than measured. */
    measured: boolean('measured').notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.meteringPointId, table.direction, table.resolutionMinutes, table.startsAt] }),
    oneOf('reading_direction_check', table.direction, ENERGY_DIRECTIONS),
  ],
);

/** Day-ahead price per bidding zone and period (15 minutes since 1 Oct 2025), in €/MWh as the market publishes it. */
export const spotPrice = pgTable(
  'spot_price',
  {
    biddingZone: enumText('bidding_zone', biddingZone.options).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    resolutionMinutes: smallint('resolution_minutes').notNull(),
    eurPerMwh: numeric('eur_per_mwh', { precision: 10, scale: 2 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.biddingZone, table.startsAt] }),
    oneOf('spot_price_bidding_zone_check', table.biddingZone, biddingZone.options),
  ],
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

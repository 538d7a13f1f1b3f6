import { bigint, date, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { biddingZone, ENERGY_DIRECTIONS } from '@portal/schema/energy';
import { meteringPoint } from './energy.ts';
import { enumText, oneOf } from './enum-column.ts';

/*
 * Sums of the readings per metering point (docs/decisions/081-reading-rollups.md), kept in the same transaction
 * as the readings they sum: charts and dashboard statistics of hours, days, months and years read these, so
 * their cost follows the range asked for, not the size of the reading table. Counts of measured and estimated
 * intervals keep the estimated mark (★) of a bucket that holds any estimate.
 */

const columns = {
  meteringPointId: () =>
    text('metering_point_id')
      .notNull()
      .references(() => meteringPoint.id, { onDelete: 'cascade' }),
  /**
   * The hourly rollup has as many rows as an hourly meter's readings: checking each against metering_point would
   * cost an import as much again (the readings it sums are checked already). A trigger on metering_point removes a
   * deleted point's hours instead (migration 0014).
   */
  unreferencedMeteringPointId: () => text('metering_point_id').notNull(),
  direction: () => enumText('direction', ENERGY_DIRECTIONS).notNull(),
  wh: () => bigint('wh', { mode: 'number' }).notNull(),
  measured: () => integer('measured_intervals').notNull(),
  estimated: () => integer('estimated_intervals').notNull(),
};

/** One hour (UTC start): the coarsest resolution stored for that hour, summed. */
export const readingHour = pgTable(
  'reading_hour',
  {
    meteringPointId: columns.unreferencedMeteringPointId(),
    direction: columns.direction(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    wh: columns.wh(),
    measuredIntervals: columns.measured(),
    estimatedIntervals: columns.estimated(),
  },
  (table) => [
    primaryKey({ columns: [table.meteringPointId, table.direction, table.startsAt] }),
    oneOf('reading_hour_direction_check', table.direction, ENERGY_DIRECTIONS),
  ],
);

/** One calendar day on the site's clock (23, 24 or 25 hours). */
export const readingDay = pgTable(
  'reading_day',
  {
    meteringPointId: columns.meteringPointId(),
    direction: columns.direction(),
    day: date('day', { mode: 'string' }).notNull(),
    wh: columns.wh(),
    measuredIntervals: columns.measured(),
    estimatedIntervals: columns.estimated(),
  },
  (table) => [
    primaryKey({ columns: [table.meteringPointId, table.direction, table.day] }),
    oneOf('reading_day_direction_check', table.direction, ENERGY_DIRECTIONS),
  ],
);

/** One calendar month on the site's clock, keyed by its first day. */
export const readingMonth = pgTable(
  'reading_month',
  {
    meteringPointId: columns.meteringPointId(),
    direction: columns.direction(),
    month: date('month', { mode: 'string' }).notNull(),
    wh: columns.wh(),
    measuredIntervals: columns.measured(),
    estimatedIntervals: columns.estimated(),
  },
  (table) => [
    primaryKey({ columns: [table.meteringPointId, table.direction, table.month] }),
    oneOf('reading_month_direction_check', table.direction, ENERGY_DIRECTIONS),
  ],
);

/**
 * The day-ahead price of each hour and bidding zone: the time-weighted mean of the hour's published periods (four
 * quarter-hours since 1 October 2025, one hour before). Hourly readings and rollups are priced with it.
 */
export const spotPriceHour = pgTable(
  'spot_price_hour',
  {
    biddingZone: enumText('bidding_zone', biddingZone.options).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    eurPerMwh: numeric('eur_per_mwh').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.biddingZone, table.startsAt] }),
    oneOf('spot_price_hour_bidding_zone_check', table.biddingZone, biddingZone.options),
  ],
);

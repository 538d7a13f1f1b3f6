import { index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { biddingZone } from '@portal/schema/energy';
import { usagePointKind, utility } from '@portal/schema/enums';
import { enumText, oneOf } from './enum-column.ts';
import { site } from './sites.ts';

/**
 * The usage points of a site's grid area as the grid operator's register (the datahub) knows them, whoever is
 * supplied there: what the signing flow searches to start a contract at a new address (docs/decisions/035).
 * A customer's own `metering_point` is made from one of these when their first contract there is signed.
 */
export const gridUsagePoint = pgTable(
  'grid_usage_point',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    /** The place (house, flat, substation) the point belongs to; the points of one place share it. */
    objectId: text('object_id').notNull(),
    /** GSRN (electricity) or EIC (gas, district heat), as metering_point.gsrn holds it. */
    code: text('code').notNull(),
    /** The EIC the Estonian datahub knows an electricity point by (Estonian points only). */
    datahubEic: text('datahub_eic'),
    utility: enumText('utility', utility.options).notNull(),
    usagePointKind: enumText('usage_point_kind', usagePointKind.options).notNull(),
    biddingZone: enumText('bidding_zone', biddingZone.options).notNull(),
    resolutionMinutes: smallint('resolution_minutes').notNull(),
    meterNumber: text('meter_number').notNull(),
    street: text('street').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    countryCode: text('country_code').notNull(),
    temperatureArea: text('temperature_area').notNull(),
  },
  (table) => [
    uniqueIndex('grid_usage_point_site_code_unique').on(table.siteId, table.code),
    index('grid_usage_point_object_idx').on(table.siteId, table.objectId),
    oneOf('grid_usage_point_utility_check', table.utility, utility.options),
    oneOf('grid_usage_point_usage_point_kind_check', table.usagePointKind, usagePointKind.options),
    oneOf('grid_usage_point_bidding_zone_check', table.biddingZone, biddingZone.options),
  ],
);

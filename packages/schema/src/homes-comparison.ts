import { z } from 'zod';
import { utility } from './enums.ts';

/**
 * Homes like mine (issue 28, docs/decisions/123): what a home is grouped by, and the comparison of a metering point's
 * last twelve whole months with other homes of the same site.
 */

export const HOME_KINDS = ['detached', 'terraced', 'apartment', 'holiday-home'] as const;
export type HomeKind = (typeof HOME_KINDS)[number];
export const HEATINGS = ['electric', 'heat-pump', 'district', 'gas', 'other'] as const;
export type Heating = (typeof HEATINGS)[number];
/** Floor-area bands in m², as building registers round them; a home's exact area is never stored. */
export const FLOOR_AREA_BANDS = ['under-50', '50-80', '80-120', '120-150', '150-200', 'over-200'] as const;
export type FloorAreaBand = (typeof FLOOR_AREA_BANDS)[number];
/** Where a home's details came from: the customer's own answer, or the building register through the data hub. */
export const HOME_DETAIL_SOURCES = ['customer', 'register'] as const;

/** The fewest other homes a figure is ever drawn from (k-anonymity, decision 123). */
export const MIN_COMPARISON_HOMES = 20;
/** Whole months of the site's calendar a comparison covers, the running month left out. */
export const COMPARISON_MONTHS = 12;

export const homeKind = z.enum(HOME_KINDS);
export const heating = z.enum(HEATINGS);
export const floorAreaBand = z.enum(FLOOR_AREA_BANDS);

const meteringPointId = z.string().min(1).max(100);

export const homesComparisonQuery = z.object({ meteringPointId });

/** What the portal knows of the home a metering point belongs to; null where unknown. */
export const homeDetails = z
  .object({ homeKind: homeKind.nullable(), heating: heating.nullable(), floorAreaBand: floorAreaBand.nullable() })
  .meta({ id: 'HomeDetails' });
export type HomeDetails = z.infer<typeof homeDetails>;

/** PUT /api/usage-points/home: the customer tells the kind of home, its heating and (if they like) its size. */
export const homeDetailsRequest = z.object({
  meteringPointId,
  homeKind,
  heating,
  floorAreaBand: floorAreaBand.nullable(),
});
export type HomeDetailsRequest = z.infer<typeof homeDetailsRequest>;

const kwh = z.number().describe('kWh, three decimals');

export const homesComparison = z
  .object({
    meteringPointId: z.string(),
    utility,
    home: homeDetails,
    /**
     * `available`: the group below has at least `minimumHomes` homes. `home-unknown`: the kind of home is not known yet
     * (the customer can tell it). `too-few-homes`: even the widest group has fewer homes, so nothing is shown of it.
     */
    status: z.enum(['available', 'home-unknown', 'too-few-homes']),
    minimumHomes: z.number().int(),
    /**
     * The group the figures come from: the home's own description, or a wider one when that had too few homes; with
     * `too-few-homes`, the widest group tried. Null with `home-unknown`.
     */
    group: z
      .object({
        homeKind,
        /** Null when the group was widened past heating (or the home's heating is unknown). */
        heating: heating.nullable(),
        /** Null when the group was widened past size (or the home's size is unknown). */
        floorAreaBand: floorAreaBand.nullable(),
        /**
         * Other customers' homes with use in every month of the twelve (the asking customer's own are never counted);
         * null when there were too few, so a group's smallness is never told either.
         */
        homes: z.number().int().nullable(),
        /** Wider than the home's own description. */
        widened: z.boolean(),
      })
      .nullable(),
    /** The twelve whole months, oldest first; empty unless `available`. */
    months: z.array(
      z.object({
        /** YYYY-MM on the site's calendar. */
        month: z.string(),
        /** This metering point's consumption; null for a month without its readings. */
        myKwh: kwh.nullable(),
        /** The group's median. */
        medianKwh: kwh,
        /** The group's 25th percentile: a quarter of the homes used this or less ("efficient homes"). */
        efficientKwh: kwh,
      }),
    ),
  })
  .meta({ id: 'HomesComparison' });
export type HomesComparison = z.infer<typeof homesComparison>;

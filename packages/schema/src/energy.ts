import { z } from 'zod';
import { READING_RESOLUTIONS } from './energy-rules.ts';
import { addressSearchMode, chartSeries, contractType, priceComponentKind, priceType, usagePointKind, utility } from './enums.ts';
import { identifierField } from './identifier-text.ts';

/**
 * Energy data of spec §1, §3, §7 and §9: objects, metering points, readings, spot prices, statistics.
 * Energy is in kWh with three decimals (the database keeps exact Wh); money in integer euro cents.
 */

/** Spec §9 resolutions of a series, plus the calendar buckets a chart groups them into. */
export const readingResolution = z.enum(READING_RESOLUTIONS);
export type { ReadingResolution } from './energy-rules.ts';
export { MAX_RANGE_DAYS, METER_RESOLUTION_MINUTES, resolutionForRange } from './energy-rules.ts';

export const biddingZone = z.enum(['FI', 'EE', 'LV']);

/** A supply object's grid connection. */
export const CONNECTION_STATUSES = ['connected', 'disconnected'] as const;
export const connectionStatus = z.enum(CONNECTION_STATUSES);
/** Metered energy flows into the customer (consumption) or out to the grid (production). */
export const ENERGY_DIRECTIONS = ['consumption', 'production'] as const;
/**
 * Energy prices per kWh, fees per month, yearly fees (YearlyCost) per year, the power charge (Power) per kW of the
 * month's peak hour per month (docs/decisions/119); all in euro cents, VAT excluded.
 */
export const PRICE_UNITS = ['c/kWh', 'c/month', 'c/year', 'c/kW'] as const;
export type BiddingZone = z.infer<typeof biddingZone>;

const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true });
const kwh = z.number().describe('kWh, three decimals');
const cents = z.number().int().describe('euro cents, VAT included');

export type ChartSeries = z.infer<typeof chartSeries>;

const yearsBack = z
  .string()
  .regex(/^\d{1,2}$/, 'years back must be a whole number')
  .transform(Number)
  .pipe(z.number().int().min(1).max(10));

/**
 * Spec §3 readings query: `series` names the series and, as its optional second entry, how many years back
 * a comparison series goes (`series[]=consumption&series[]=1`). `from` and `to` are days in the site's
 * timezone, both included.
 */
export const readingsQuery = z
  .object({
    series: z
      .union([z.string(), z.array(z.string())])
      .transform((value) => (Array.isArray(value) ? value : [value]))
      .pipe(z.union([z.tuple([chartSeries]), z.tuple([chartSeries, yearsBack])]))
      .describe('[series] or [series, yearsBack]'),
    from: isoDate,
    to: isoDate,
    meteringPointId: z.string().min(1).max(100),
    resolution: readingResolution.optional(),
  })
  .refine((query) => query.from <= query.to, { message: 'from must not be after to', path: ['from'] })
  .transform(({ series, ...rest }) => ({ ...rest, series: series[0], yearsBack: series[1] ?? null }));
export type ReadingsQueryInput = z.input<typeof readingsQuery>;

/** Longest period "when I use energy" looks at: a year and a leap day, so a whole year of either kind fits. */
export const USAGE_PATTERN_MAX_DAYS = 366;
/** The hours of each day counted as its cheapest, and as its dearest: a quarter of the day. */
export const USAGE_PATTERN_SPOT_HOURS = 6;

/** GET /api/charts/usage-pattern: days of the site's calendar, both included, at most USAGE_PATTERN_MAX_DAYS. */
export const usagePatternQuery = z
  .object({ meteringPointId: z.string().min(1).max(100), from: isoDate, to: isoDate })
  .refine((query) => query.from <= query.to, { message: 'from must not be after to', path: ['from'] })
  .refine((query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < USAGE_PATTERN_MAX_DAYS, {
    message: `the period must be at most ${USAGE_PATTERN_MAX_DAYS} days`,
    path: ['to'],
  });

/**
 * "When I use energy" (docs/decisions/111): consumption by weekday and hour of the site's clock, as the average kWh
 * of that hour over the period's weeks, and for a spot-priced contract the share of the energy bought in each day's
 * cheapest and dearest hours (an even use would buy a quarter in each).
 */
export const usagePattern = z
  .object({
    meteringPointId: z.string(),
    from: isoDate,
    to: isoDate,
    /** One per weekday (1 = Monday … 7 = Sunday) and hour (0–23) that has readings. */
    cells: z.array(z.object({ weekday: z.number().int().min(1).max(7), hour: z.number().int().min(0).max(23), averageKwh: kwh })),
    totalKwh: kwh,
    spot: z
      .object({
        hoursPerDay: z.number().int(),
        days: z.number().int().describe('days with a price for every hour that had readings'),
        cheapestPercent: z.number().describe('percent of the energy, one decimal'),
        dearestPercent: z.number().describe('percent of the energy, one decimal'),
      })
      .nullable(),
  })
  .meta({ id: 'UsagePattern' });
export type UsagePattern = z.infer<typeof usagePattern>;

/**
 * The two files a customer takes their readings away in (docs/decisions/109): `espi` is Green Button "Download My
 * Data" (NAESB REQ.21 ESPI 3.3, an Atom feed), `csv` the layout of the country's data hub in the reader's
 * separators.
 */
export const READING_DOWNLOAD_FORMATS = ['espi', 'csv'] as const;
export type ReadingDownloadFormat = (typeof READING_DOWNLOAD_FORMATS)[number];

/**
 * GET /api/readings/download: every stored reading of a metering point of the acting customer, at the resolution the
 * meter reported it, on the days `from`..`to` (both included) of the site's calendar. No longest period: the file is
 * streamed, so a long history costs the reader time, never the server memory.
 */
export const readingsDownloadQuery = z
  .object({
    meteringPointId: z.string().min(1).max(100),
    from: isoDate,
    to: isoDate,
    format: z.enum(READING_DOWNLOAD_FORMATS),
  })
  .refine((query) => query.from <= query.to, { message: 'from must not be after to', path: ['from'] });

export const readingValue = z.object({
  /** Bucket start, an instant (ISO-8601 with offset); the web shows it in the site's timezone. */
  date: isoDateTime,
  value: z.number().nullable(),
  /** The same bucket N years back, matched by calendar date in the site's timezone. */
  comparison: z.number().nullable().optional(),
  /** True when any value in the bucket was estimated by the grid operator. */
  estimated: z.boolean().optional(),
  /** Energy cost of the bucket under the contract's price components (consumption only). */
  costCents: cents.nullable().optional(),
});
export type ReadingValue = z.infer<typeof readingValue>;

export const readingsResponse = z
  .object({
    series: chartSeries,
    meteringPointId: z.string(),
    utility,
    resolution: readingResolution,
    /** 'kWh', 'c/kWh' (spot price, VAT excluded) or '°C'. */
    unit: z.enum(['kWh', 'c/kWh', '°C']),
    timezone: z.string(),
    from: isoDate,
    to: isoDate,
    yearsBack: z.number().int().nullable(),
    total: z.number().nullable(),
    comparisonTotal: z.number().nullable(),
    costTotalCents: cents.nullable(),
    values: z.array(readingValue),
  })
  .meta({ id: 'Readings' });
export type ReadingsResponse = z.infer<typeof readingsResponse>;

export const meteringPointSummary = z.object({
  id: z.string(),
  /** GSRN (18 digits) for electricity, EIC for gas and district heat. */
  gsrn: z.string(),
  utility,
  usagePointKind,
  biddingZone,
  resolutionMinutes: z.number().int(),
  hasProduction: z.boolean(),
  meterNumber: z.string(),
});
export type MeteringPointSummary = z.infer<typeof meteringPointSummary>;

export const address = z.object({ street: z.string(), postalCode: z.string(), city: z.string(), countryCode: z.string() });

export const priceComponent = z.object({
  kind: priceComponentKind,
  unit: z.enum(PRICE_UNITS),
  /** Exact decimal cents as text, VAT excluded. */
  priceCents: z.string(),
  /** Power charge: the kW of the peak hour it leaves free (three decimals), null for every other kind. */
  thresholdKw: z.string().nullable(),
  validFrom: isoDate,
  validTo: isoDate.nullable(),
});

export const contractSummary = z.object({
  id: z.string(),
  contractNumber: z.string(),
  type: contractType,
  productName: z.string(),
  priceType,
  startDate: isoDate,
  endDate: isoDate.nullable(),
  priceComponents: z.array(priceComponent),
});

export const location = z
  .object({
    objectId: z.string(),
    address,
    connectionStatus,
    meteringPoints: z.array(meteringPointSummary.extend({ contracts: z.array(contractSummary) })),
  })
  .meta({ id: 'Location' });
export type Location = z.infer<typeof location>;
export const locationList = z.array(location);

export const dashboardLocation = z.object({
  objectId: z.string(),
  address,
  connectionStatus,
  utilities: z.array(utility),
  meteringPointIds: z.array(z.string()),
});
export const dashboardLocationList = z.array(dashboardLocation);
export type DashboardLocation = z.infer<typeof dashboardLocation>;

export const gsrnItem = z.object({ meteringPointId: z.string(), gsrn: z.string(), utility, objectId: z.string(), address });
export const gsrnList = z.array(gsrnItem);

export const costEstimationQuery = z.object({
  objects: z
    .union([z.string().min(1).max(100), z.array(z.string().min(1).max(100)).max(50)])
    .transform((value) => (Array.isArray(value) ? value : [value])),
});
export const costEstimation = z.object({
  objects: z.array(
    z.object({
      objectId: z.string(),
      /** This calendar month so far, in the site's timezone. */
      month: z.string(),
      kwhToDate: kwh,
      costToDateCents: cents,
      /** Month-to-date cost extended by the average day so far to the whole month. */
      estimatedMonthCents: cents,
    }),
  ),
});

export const usagePoint = meteringPointSummary.extend({ objectId: z.string(), address, meteringPointId: z.string() });
export const usagePointList = z.array(usagePoint);
export type UsagePoint = z.infer<typeof usagePoint>;

/** Spec §3 usage point search: the fields of the chosen Address search mode. */
export const usagePointSearchRequest = z
  .object({
    searchType: addressSearchMode,
    searchQuery: z.object({
      address: z.string().trim().max(200).optional(),
      gsrn: identifierField(60).pipe(z.string().max(40)).optional(),
      eic: identifierField(60).pipe(z.string().max(40)).optional(),
      meterNumber: identifierField(60).pipe(z.string().max(40)).optional(),
    }),
  })
  .superRefine(({ searchType, searchQuery }, context) => {
    const needs: Record<z.infer<typeof addressSearchMode>, (keyof typeof searchQuery)[]> = {
      ADDRESS: ['address'],
      GSRN: ['gsrn'],
      EIC: ['eic'],
      EIC_OR_METER_NUMBER: [],
      ADDRESS_AND_METER_NUMBER: ['address', 'meterNumber'],
    };
    for (const field of needs[searchType]) {
      if (!searchQuery[field])
        context.addIssue({ code: 'custom', path: ['searchQuery', field], message: `${field} is required for ${searchType}` });
    }
    // A street and a house number: a town or a street alone would list strangers' places.
    const address = searchQuery.address ?? '';
    if (needs[searchType].includes('address') && address && !(/\p{L}{3}/u.test(address) && /\d/.test(address))) {
      context.addIssue({ code: 'custom', path: ['searchQuery', 'address'], message: 'Give the street and the house number' });
    }
    if (searchType === 'EIC_OR_METER_NUMBER' && !searchQuery.eic && !searchQuery.meterNumber) {
      context.addIssue({ code: 'custom', path: ['searchQuery', 'eic'], message: 'eic or meterNumber is required for EIC_OR_METER_NUMBER' });
    }
  });
export type UsagePointSearchRequest = z.infer<typeof usagePointSearchRequest>;

/**
 * One usage point of the site's grid the search found, with only what anyone standing at the address could read
 * off the meter (docs/decisions/035-sign-flow.md): the code masked but for its last four characters unless the
 * search named it, no meter number unless it was typed, and nothing of who is supplied there.
 */
export const usagePointSearchResult = z
  .object({
    usagePointId: z.string(),
    objectId: z.string(),
    utility,
    usagePointKind,
    address,
    code: z.string(),
    meterNumber: z.string().nullable(),
    /** One of the acting customer's own points. */
    own: z.boolean(),
  })
  .meta({ id: 'UsagePointSearchResult' });
export type UsagePointSearchResult = z.infer<typeof usagePointSearchResult>;
export const usagePointSearchResults = z.array(usagePointSearchResult);

export const technicalDataQuery = z.object({ meteringPointId: z.string().min(1).max(100) });
export const technicalData = z.object({
  meteringPointId: z.string(),
  gsrn: z.string(),
  meterNumber: z.string(),
  utility,
  usagePointKind,
  biddingZone,
  resolutionMinutes: z.number().int(),
  hasProduction: z.boolean(),
  objectId: z.string(),
  address,
  connectionStatus,
  firstReadingAt: isoDateTime.nullable(),
  lastReadingAt: isoDateTime.nullable(),
});

export const readingsMetadata = z.object({
  contractId: z.string(),
  meteringPointId: z.string(),
  utility,
  timezone: z.string(),
  /** Resolutions with stored data, finest last. */
  resolutions: z.array(readingResolution),
  series: z.array(chartSeries),
  firstReadingAt: isoDateTime.nullable(),
  lastReadingAt: isoDateTime.nullable(),
});

/** `period`: this calendar month by day, or this calendar year by month, with the same period a year back. */
export const statisticsQuery = z.object({
  period: z.enum(['month', 'year']).default('month'),
  meteringPointId: z.string().min(1).max(100).optional(),
});
export const utilityStatistics = z.object({
  utility,
  unit: z.literal('kWh'),
  total: kwh,
  comparisonTotal: kwh.nullable(),
  values: z.array(readingValue),
});
export const energyStatistics = z
  .object({
    period: z.enum(['month', 'year']),
    from: isoDate,
    to: isoDate,
    resolution: z.enum(['day', 'month']),
    timezone: z.string(),
    utilities: z.array(utilityStatistics),
  })
  .meta({ id: 'EnergyStatistics' });
export type EnergyStatistics = z.infer<typeof energyStatistics>;

export const spotPricePoint = z.object({ startsAt: isoDateTime, centsPerKwh: z.number() });
export const spotDay = z.object({
  date: isoDate,
  /** VAT on electricity in force that day, per mille (25.5 % is 255): what a consumer pays on top of the prices. */
  vatPermille: z.number().int(),
  /** Day-ahead periods as published (15 minutes since 1 Oct 2025), c/kWh VAT excluded. */
  prices: z.array(spotPricePoint),
  hourly: z.array(spotPricePoint),
  minimum: z.number(),
  maximum: z.number(),
  average: z.number(),
});
export const spotStatistics = z
  .object({
    biddingZone,
    timezone: z.string(),
    /** Price of the period now, null when today is not published. */
    current: spotPricePoint.nullable(),
    today: spotDay.nullable(),
    /** Null until the day-ahead auction result for tomorrow is published (about 14:00 local time). */
    tomorrow: spotDay.nullable(),
  })
  .meta({ id: 'SpotStatistics' });
export type SpotStatistics = z.infer<typeof spotStatistics>;
export type SpotDay = z.infer<typeof spotDay>;

export const expensesQuery = z.object({ period: z.enum(['month', 'year']).default('year') });
/**
 * A month's cost as its invoices bill it (decision 093): totalCents is the sum of the bills of the month's days,
 * to the cent; feesCents the fees with their share of each VAT line, energyCents the rest.
 */
export const expenseMonth = z.object({
  month: z.string().describe('YYYY-MM in the site timezone'),
  kwh,
  energyCents: cents,
  feesCents: cents,
  totalCents: cents,
});
export const expenses = z
  .object({
    period: z.enum(['month', 'year']),
    from: isoDate,
    to: isoDate,
    currency: z.literal('EUR'),
    totalCents: cents,
    comparisonTotalCents: cents.nullable(),
    months: z.array(expenseMonth),
    byUtility: z.array(z.object({ utility, totalCents: cents })),
  })
  .meta({ id: 'Expenses' });
export type Expenses = z.infer<typeof expenses>;

export const yearlyConsumptionQuery = z.object({ years: z.coerce.number().int().min(1).max(10).default(3) });
export const yearlyConsumption = z
  .object({
    timezone: z.string(),
    utilities: z.array(z.object({ utility, years: z.array(z.object({ year: z.number().int(), kwh, complete: z.boolean() })) })),
  })
  .meta({ id: 'YearlyConsumption' });
export type YearlyConsumption = z.infer<typeof yearlyConsumption>;

/** `month` (YYYY-MM on the site's clock): the month whose peak is asked; the running month when left out. */
export const powerPeaksQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month is YYYY-MM')
    .optional(),
});

/**
 * GET /api/dashboard/power-peaks (decision 119): a month's (the running month's unless asked) highest hour of each of the customer's metering
 * points whose contract has a power charge, on the site's clock; an empty list where none has one.
 */
export const powerPeaks = z
  .object({
    timezone: z.string(),
    /** The month answered on the site's clock, YYYY-MM. */
    month: z.string(),
    peaks: z.array(
      z.object({
        meteringPointId: z.string(),
        gsrn: z.string(),
        /** The peak hour's start; null while the month has no reading yet. */
        startsAt: isoDateTime.nullable(),
        /** The hour's mean power: its kWh in 60 minutes, as kW with three decimals. */
        kw: z.string(),
        /** kW the power charge leaves free, three decimals; null when it charges every kW. */
        thresholdKw: z.string().nullable(),
        /** kW above the threshold the month's power charge bills so far, three decimals. */
        chargedKw: z.string(),
      }),
    ),
  })
  .meta({ id: 'PowerPeaks' });
export type PowerPeaks = z.infer<typeof powerPeaks>;

export const meteringPointIdParams = z.object({ id: z.string().min(1).max(100) });

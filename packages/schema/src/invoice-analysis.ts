import { z } from 'zod';
import { isoDate } from './invoices.ts';

/**
 * GET /api/invoices/{invoiceNumber}/analysis: why a bill differs from the month before and from the same month a year
 * earlier (docs/decisions/117). Money in integer euro cents, VAT included, as the bills' totals are; energy in kWh.
 */

/** The two bills an invoice is compared with, in the order the page shows them. */
export const BILL_COMPARISON_KINDS = ['previous-month', 'same-month-last-year'] as const;
export type BillComparisonKind = (typeof BILL_COMPARISON_KINDS)[number];

/** Why a comparison is not given: no invoice of that month at the same metering point, or no readings in one period. */
export const billComparisonUnavailable = z.enum(['NO_INVOICE', 'NO_READINGS']);
export type BillComparisonUnavailable = z.infer<typeof billComparisonUnavailable>;

/**
 * Why the weather's share of a change is not given: fewer than 60 days of both readings and temperatures in the year
 * before, a fit of daily kWh on degree days that explains too little (R² below 0.3, or use that does not rise as it
 * gets colder), or no temperatures for the periods compared.
 */
export const heatingFitUnavailable = z.enum(['NOT_ENOUGH_DATA', 'POOR_FIT', 'NO_TEMPERATURES']);
export type HeatingFitUnavailable = z.infer<typeof heatingFitUnavailable>;

/** What one bill's period used and cost. */
export const billPeriodFigures = z
  .object({
    invoiceNumber: z.string(),
    periodStart: isoDate,
    periodEnd: isoDate,
    /** Metered consumption of the period's days, kWh with three decimals. */
    kwh: z.number(),
    totalCents: z.number().int(),
    /** Monthly and yearly fees with their VAT, rounded once. */
    fixedChargesCents: z.number().int(),
    /** The power charge (by the month's peak kW, decision 119) with its VAT, rounded once; 0 without one. */
    powerChargeCents: z.number().int(),
    /** The total less the fees and the power charge: what the kWh cost. */
    energyCents: z.number().int(),
    /** Energy cost per kWh, VAT included: a decimal string of c/kWh with three decimals; null without consumption. */
    averagePriceCentsPerKwh: z.string().nullable(),
    /** Heating degree days of the period's days (base in `degreeDayBaseCelsius`); null without temperatures. */
    degreeDays: z.number().nullable(),
  })
  .meta({ id: 'BillPeriodFigures' });
export type BillPeriodFigures = z.infer<typeof billPeriodFigures>;

/**
 * The change of the total split into parts that add up to it exactly:
 * `totalCents = consumptionCents + priceCents + fixedChargesCents + powerChargeCents`, and the consumption part is again
 * `weatherCents + ownUseCents` when the weather's share is known. Each part is rounded to the cent once; the price
 * part takes what rounding the consumption part leaves, and own use what rounding the weather part leaves.
 */
export const billChange = z
  .object({
    totalCents: z.number().int(),
    /** Change of kWh at the mean of the two average prices. */
    consumptionCents: z.number().int(),
    /** Change of the average price at the mean of the two consumptions. */
    priceCents: z.number().int(),
    fixedChargesCents: z.number().int(),
    /** Change of the power charge, billed by the month's peak kW rather than by the kWh. */
    powerChargeCents: z.number().int(),
    kwh: z.number(),
    degreeDays: z.number().nullable(),
    /** Why the weather's share is not known; null when it is. */
    weatherUnavailable: heatingFitUnavailable.nullable(),
    /** The kWh the change in degree days explains, and their cost; null when the weather's share is not known. */
    weatherKwh: z.number().nullable(),
    weatherCents: z.number().int().nullable(),
    ownUseKwh: z.number().nullable(),
    ownUseCents: z.number().int().nullable(),
  })
  .meta({ id: 'BillChange' });
export type BillChange = z.infer<typeof billChange>;

export const billComparison = z
  .object({
    kind: z.enum(BILL_COMPARISON_KINDS),
    /** Null when the comparison is given. */
    unavailable: billComparisonUnavailable.nullable(),
    /** The bill compared with; null when there is none. */
    compared: billPeriodFigures.nullable(),
    change: billChange.nullable(),
  })
  .meta({ id: 'BillComparison' });
export type BillComparison = z.infer<typeof billComparison>;

export const invoiceAnalysis = z
  .object({
    current: billPeriodFigures,
    /** 17 °C in Finland (Finnish Meteorological Institute), 18 °C in Estonia and Latvia (Eurostat). */
    degreeDayBaseCelsius: z.number().int(),
    /** Daily kWh against daily degree days over the 365 days to the invoice's last day (least squares). */
    heating: z.object({
      unavailable: heatingFitUnavailable.nullable(),
      days: z.number().int(),
      /** kWh per degree day; null when not fitted. */
      kwhPerDegreeDay: z.number().nullable(),
      rSquared: z.number().nullable(),
    }),
    comparisons: z.array(billComparison),
  })
  .meta({ id: 'InvoiceAnalysis' });
export type InvoiceAnalysis = z.infer<typeof invoiceAnalysis>;

import { z } from 'zod';
import { isCalendarDate } from './calendar-dates.ts';
import type { Utility } from './enums.ts';

/*
 * Readings customers enter themselves (issue 28, docs/decisions/112-readings-customers-enter.md): the register (index)
 * of a hand-read gas, heat or electricity meter, checked against the meter's last reading and a plausible rate.
 */

/** The unit a register is read in, by utility: gas meters count cubic metres, heat meters megawatt-hours. */
export const REGISTER_UNITS = ['m3', 'MWh', 'kWh'] as const;
export type RegisterUnit = (typeof REGISTER_UNITS)[number];
export const registerUnit = z.enum(REGISTER_UNITS);

const UNIT_OF: Record<Utility, RegisterUnit> = { gas: 'm3', heating: 'MWh', electricity: 'kWh' };
export const registerUnitOf = (utility: Utility): RegisterUnit => UNIT_OF[utility];

/** Decimal places a register shows: a gas meter's litres, a heat meter's kilowatt-hours. */
export const REGISTER_DECIMALS = 3;
/** Nine whole digits: the longest register of a household or building meter has eight. */
export const REGISTER_PATTERN = /^\d{1,9}(\.\d{1,3})?$/;

/**
 * A register value as integer thousandths of its unit ("1234.5" → 1234500), or null when it is not a register: the
 * browser and the server compare registers as integers, never as floats (rule 5).
 */
export function registerThousandths(value: string): number | null {
  if (!REGISTER_PATTERN.test(value)) return null;
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(REGISTER_DECIMALS, '0'));
}

/** Integer thousandths as the register's decimal with three places (1234500 → "1234.500"). */
export function registerDecimal(thousandths: number): string {
  return `${Math.floor(thousandths / 1000)}.${String(thousandths % 1000).padStart(REGISTER_DECIMALS, '0')}`;
}

/** Who read the meter: the customer (or staff for them) in the portal, or the utility (its reader or its system). */
export const METER_READING_SOURCES = ['CUSTOMER', 'MEASURED'] as const;
export type MeterReadingSource = (typeof METER_READING_SOURCES)[number];
/** Who typed a customer reading: the customer, a representative or customer service acting for them. */
export const METER_READING_ENTERERS = ['self', 'representative', 'staff'] as const;
export type MeterReadingEnterer = (typeof METER_READING_ENTERERS)[number];
/** A customer reading stays CURRENT until the utility's measured reading of the same month replaces it. */
export const METER_READING_STATUSES = ['CURRENT', 'SUPERSEDED'] as const;

/** Images only: a photo of the meter's face (decision 055's types without PDF). */
export const METER_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type MeterPhotoType = (typeof METER_PHOTO_TYPES)[number];
export const METER_PHOTO_ACCEPT = [...METER_PHOTO_TYPES, '.png', '.jpg', '.jpeg', '.webp'].join(',');

/**
 * The checks of a reading that staff acting for the customer may set aside with a stated reason (docs/decisions/130):
 * they judge whether the value can be right, not whether the portal may take it (the day's window, a remote meter).
 */
export const OVERRIDABLE_READING_CHECKS = [
  'METER_READING_BELOW_LAST',
  'METER_READING_IMPLAUSIBLE',
  'METER_READING_ABOVE_NEXT',
  'METER_READING_TOO_LOW_FOR_NEXT',
] as const;
export type OverridableReadingCheck = (typeof OVERRIDABLE_READING_CHECKS)[number];
export const isOverridableReadingCheck = (code: string | undefined): code is OverridableReadingCheck =>
  (OVERRIDABLE_READING_CHECKS as readonly string[]).includes(code ?? '');

/** A reason long enough to say what was checked ("customer sent a photo; the last reading was mistyped"), short enough for a line. */
export const OVERRIDE_REASON_MIN = 10;
export const OVERRIDE_REASON_MAX = 500;

/** How many days back a reading's day may be: one monthly billing period (docs/decisions/130). */
export const READ_ON_MAX_DAYS_BACK = 31;

export const meterReadingQuery = z.object({ meteringPointId: z.string().min(1).max(100) });

/**
 * POST /api/meter-readings: JSON, or multipart with this JSON in the part `request` and the photo in one part `files`
 * (as support attachments travel, decision 055). The value is a decimal string, never a float (rule 5).
 */
export const meterReadingRequest = z.object({
  meteringPointId: z.string().min(1, 'meteringPointId is required').max(100),
  value: z.string().trim().regex(REGISTER_PATTERN, 'value must be the register as digits, with at most 3 decimals (a point, not a comma)'),
  /** The customer says the meter was replaced: the value starts the new meter's register. */
  meterChanged: z.boolean().default(false),
  /** The site's calendar day the meter was read; today when left out. The list's `entryWindow` says which days. */
  readOn: z.string().refine(isCalendarDate, { message: 'readOn must be a calendar day as YYYY-MM-DD' }).optional(),
  /** Staff acting for the customer only: store the reading although a check of OVERRIDABLE_READING_CHECKS refused it. */
  override: z
    .object({
      reason: z
        .string()
        .trim()
        .min(OVERRIDE_REASON_MIN, `override.reason must say why, in at least ${OVERRIDE_REASON_MIN} characters`)
        .max(OVERRIDE_REASON_MAX, `override.reason takes at most ${OVERRIDE_REASON_MAX} characters`),
    })
    .optional(),
});
export type MeterReadingRequest = z.input<typeof meterReadingRequest>;

export const meterReading = z
  .object({
    id: z.string(),
    meteringPointId: z.string(),
    /** The site's calendar day the meter was read. */
    readOn: z.iso.date(),
    value: z.string(),
    unit: registerUnit,
    source: z.enum(METER_READING_SOURCES),
    status: z.enum(METER_READING_STATUSES),
    /** The measured reading that replaced this one, when SUPERSEDED. */
    supersededBy: z.string().nullable(),
    /** The value starts a new meter's register (the meter was changed). */
    meterChanged: z.boolean(),
    /** Who typed a CUSTOMER reading; null for MEASURED ones. */
    enteredBy: z.enum(METER_READING_ENTERERS).nullable(),
    hasPhoto: z.boolean(),
    enteredAt: z.iso.datetime(),
    /** Stored by customer service although this check refused it, and why; null for readings the checks accepted. */
    override: z.object({ check: z.enum(OVERRIDABLE_READING_CHECKS), reason: z.string() }).nullable(),
  })
  .meta({ id: 'MeterReading' });
export type MeterReading = z.infer<typeof meterReading>;

export const meterReadingList = z
  .object({
    meteringPointId: z.string(),
    /** Whether the meter is read by hand, so the customer enters its readings. */
    readByHand: z.boolean(),
    unit: registerUnit,
    /**
     * The days a reading may be given for now, on the site's clock: from the later of READ_ON_MAX_DAYS_BACK days ago
     * and the utility's last measured reading, to today.
     */
    entryWindow: z.object({ from: z.iso.date(), to: z.iso.date() }),
    /** Newest first. */
    readings: z.array(meterReading),
  })
  .meta({ id: 'MeterReadingList' });
export type MeterReadingList = z.infer<typeof meterReadingList>;

export const meterPhotoParams = z.object({ id: z.string().min(1).max(100) });

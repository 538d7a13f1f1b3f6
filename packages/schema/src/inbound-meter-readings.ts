import { z } from 'zod';
import { REGISTER_PATTERN } from './meter-readings.ts';

/*
 * The utility's reading system sends the register readings it measured (issue 28, docs/decisions/131): a batch of
 * rows, each with the system's own reading id, so a batch sent again stores nothing twice.
 */

/** The kinds of machine that call the portal with a token of their own; each may make one kind of call. */
export const SYSTEM_CLIENT_KINDS = ['reading-system'] as const;
export type SystemClientKind = (typeof SYSTEM_CLIENT_KINDS)[number];

/**
 * Rows a batch may hold: a month of a district's hand-read meters comes in a few such batches, and one batch is one
 * transaction that holds its meters, so it must stay short. More is 413 `BATCH_TOO_LARGE`, before any row is read.
 */
export const MAX_INBOUND_READINGS = 500;

/** Printable characters without spaces: the reading system's id is a key, compared as sent. */
const READING_ID_PATTERN = /^[\x21-\x7e]{1,100}$/;

export const inboundMeterReading = z.object({
  readingId: z.string().regex(READING_ID_PATTERN, 'readingId must be 1–100 printable characters without spaces'),
  /** The metering point's GSRN (electricity) or EIC (gas, district heat), as the site's register knows it. */
  meteringPoint: z.string().trim().min(1, 'meteringPoint is required').max(50),
  /** The site's calendar day the meter was read. */
  readOn: z.iso.date('readOn must be a date as YYYY-MM-DD'),
  value: z.string().regex(REGISTER_PATTERN, 'value must be the register as digits, with at most 3 decimals (a point, not a comma)'),
  /** The reader found a new meter: the value starts its register. */
  meterChanged: z.boolean().default(false),
});

/** POST /api/reading-system/meter-readings. */
export const inboundMeterReadingBatch = z
  .object({
    readings: z
      .array(inboundMeterReading)
      .min(1, 'readings must hold at least one reading')
      .max(MAX_INBOUND_READINGS)
      .superRefine((rows, context) => {
        const first = new Map<string, number>();
        rows.forEach((row, index) => {
          const earlier = first.get(row.readingId);
          if (earlier === undefined) first.set(row.readingId, index);
          else context.addIssue({ code: 'custom', path: [index, 'readingId'], message: `readingId repeats row ${earlier}` });
        });
      }),
  })
  .meta({ id: 'InboundMeterReadingBatch' });
export type InboundMeterReadingBatch = z.input<typeof inboundMeterReadingBatch>;

/**
 * What became of a row: `stored`; `already-stored` (this reading id was stored before, with the same point, day and
 * value: a retry); `differs-from-stored` (the id was stored with another point, day or value: nothing changed, a
 * correction needs an id of its own); `unknown-metering-point` (no such point on this site: nothing stored).
 */
export const INBOUND_READING_OUTCOMES = ['stored', 'already-stored', 'differs-from-stored', 'unknown-metering-point'] as const;
export type InboundReadingOutcome = (typeof INBOUND_READING_OUTCOMES)[number];

export const inboundReadingResult = z.object({
  /** The row's place in the batch, from 0. */
  row: z.number().int(),
  readingId: z.string(),
  outcome: z.enum(INBOUND_READING_OUTCOMES),
  /** The portal's id of the stored reading (also for a retry); null when nothing is stored under this reading id. */
  id: z.string().nullable(),
  /** How many of the customer's readings of the same month this reading replaced (decision 112). */
  supersededCustomerReadings: z.number().int(),
});
export type InboundReadingResult = z.infer<typeof inboundReadingResult>;

export const inboundMeterReadingAnswer = z
  .object({
    stored: z.number().int(),
    alreadyStored: z.number().int(),
    /** Rows not stored: an unknown metering point, or a reading id stored with other content. */
    notStored: z.number().int(),
    /** One per row, in the batch's order. */
    results: z.array(inboundReadingResult),
  })
  .meta({ id: 'InboundMeterReadingAnswer' });
export type InboundMeterReadingAnswer = z.infer<typeof inboundMeterReadingAnswer>;

import { z } from 'zod';
import { addDays, maxDate, minDate } from './calendar-dates.ts';
import { identifierText } from './identifier-text.ts';

/*
 * Move-out of a contract (spec §2 /contracts/{id}/move-out, §7 POST /api/contracts/{id}/move-out): the rules the
 * web's form and the server share. docs/decisions/032-move-out.md explains the numbers.
 */

/** A move may be reported up to this many days after it happened: the final invoice still covers those days. */
export const MOVE_OUT_LATE_DAYS = 14;
/** And at most this many days ahead: further out is a plan, not a move-out notice. */
export const MOVE_OUT_AHEAD_DAYS = 90;

export const MOVE_OUT_COUNTRIES = ['FI', 'EE', 'LV'] as const;
export type MoveOutCountry = (typeof MOVE_OUT_COUNTRIES)[number];

/** Postal codes as each country's post writes them: 00100 (FI), 10111 (EE), LV-1050 (LV). */
const POSTAL_CODES: Record<MoveOutCountry, RegExp> = { FI: /^\d{5}$/, EE: /^\d{5}$/, LV: /^LV-\d{4}$/ };

/** "lv 1050", "1050" and "LV–1050" are the same Latvian code; others lose their spaces (any kind, as pasted). */
export function normalPostalCode(countryCode: MoveOutCountry, text: string): string {
  const compact = identifierText(text);
  if (countryCode === 'LV') return `LV-${compact.replace(/^LV-?/, '')}`;
  return compact;
}

export const isPostalCode = (countryCode: MoveOutCountry, text: string) =>
  POSTAL_CODES[countryCode].test(normalPostalCode(countryCode, text));

/**
 * The first and last end date a move-out of this contract may name, as calendar days of the site's time zone:
 * from two weeks back (never before the contract began) to three months ahead (never after a fixed end the
 * contract already has). `null` when no day fits, e.g. a contract that has already ended.
 */
export function moveOutWindow(
  today: string,
  contract: { startDate: string; endDate: string | null },
): { earliest: string; latest: string } | null {
  const earliest = maxDate(addDays(today, -MOVE_OUT_LATE_DAYS), contract.startDate);
  const ahead = addDays(today, MOVE_OUT_AHEAD_DAYS);
  const latest = contract.endDate === null ? ahead : minDate(ahead, contract.endDate);
  return earliest <= latest ? { earliest, latest } : null;
}

/** A meter can only be read on a day that has come: a reading goes with an end date of today or before. */
export const readingAllowed = (endDate: string, today: string) => endDate <= today;

export const finalInvoiceAddress = z
  .object({
    street: z.string().trim().min(3, 'Enter the street and house number').max(120),
    postalCode: z.string().trim().min(1, 'Enter the postal code').max(12),
    city: z.string().trim().min(2, 'Enter the city').max(80),
    countryCode: z.enum(MOVE_OUT_COUNTRIES),
  })
  .superRefine((address, context) => {
    if (!isPostalCode(address.countryCode, address.postalCode)) {
      context.addIssue({ code: 'custom', path: ['postalCode'], message: 'Enter a postal code of the chosen country' });
    }
  })
  .transform((address) => ({ ...address, postalCode: normalPostalCode(address.countryCode, address.postalCode) }))
  .meta({ id: 'FinalInvoiceAddress' });
export type FinalInvoiceAddress = z.output<typeof finalInvoiceAddress>;

/** POST /api/contracts/{id}/move-out: the last day of supply, where the final invoice goes, the meter's reading. */
export const moveOutRequest = z
  .object({
    endDate: z.iso.date('Enter the moving day as a date'),
    finalInvoiceAddress,
    /** The meter's register in whole kWh on the moving day, if the customer read it; smart meters are read anyway. */
    meterReadingKwh: z.number().int('Enter the reading in whole kWh').min(0).max(99_999_999).nullable(),
  })
  .meta({ id: 'MoveOutRequest' });
export type MoveOutRequest = z.input<typeof moveOutRequest>;
export type MoveOut = z.output<typeof moveOutRequest>;

/** The move-out as it was recorded, part of the contract (GET /api/contracts/{id}). */
export const recordedMoveOut = z
  .object({
    endDate: z.iso.date(),
    finalInvoiceAddress: z.object({
      street: z.string(),
      postalCode: z.string(),
      city: z.string(),
      countryCode: z.enum(MOVE_OUT_COUNTRIES),
    }),
    meterReadingKwh: z.number().int().nullable(),
    reportedAt: z.iso.datetime(),
  })
  .meta({ id: 'RecordedMoveOut' });
export type RecordedMoveOut = z.infer<typeof recordedMoveOut>;

import { electronicFormatIBAN, friendlyFormatIBAN, isValidBIC } from 'ibantools';
import { z } from 'zod';
import type { OperatingCountryCode } from './enums.ts';
import { iban } from './settings.ts';

/**
 * How a site's invoices are referenced on a bank transfer (docs/decisions/095):
 * - `national`: the country's own reference, digits with a 7-3-1 check digit (Finnish viitenumero, Estonian viitenumber);
 * - `rf`: the ISO 11649 creditor reference, RF + two check digits + the base;
 * - `none`: no reference; the transfer's payment purpose carries the invoice number (Latvia has no national reference).
 */
export const REFERENCE_KINDS = ['national', 'rf', 'none'] as const;
export const referenceKind = z.enum(REFERENCE_KINDS);
export type ReferenceKind = z.infer<typeof referenceKind>;

/** The kinds a site of each country may choose: its banks' own, or RF. */
export const REFERENCE_KINDS_OF_COUNTRY: Record<OperatingCountryCode, readonly ReferenceKind[]> = {
  FI: ['national', 'rf'],
  EE: ['national', 'rf'],
  LV: ['none', 'rf'],
};

/**
 * The VAT identification number's form per country (EU VAT Directive art. 214/215: the country code, then the
 * national number): Finland FI + the eight digits of the Y-tunnus, Estonia EE + nine digits (KMKR number), Latvia LV +
 * the eleven digits of the registration number.
 */
export const VAT_NUMBER_FORMS: Record<OperatingCountryCode, RegExp> = {
  FI: /^FI\d{8}$/,
  EE: /^EE\d{9}$/,
  LV: /^LV\d{11}$/,
};

/** An IBAN as people read it, in groups of four ("FI21 1234 5600 0007 85"); banks take it without the spaces. */
export function printedIban(iban: string): string {
  return friendlyFormatIBAN(electronicFormatIBAN(iban) ?? iban) ?? iban;
}

/** One account invoices may be paid to: an IBAN of a SEPA country and its bank's BIC. */
export const payeeAccount = z
  .object({
    iban,
    bic: z
      .string()
      .trim()
      .toUpperCase()
      .refine((value) => isValidBIC(value), { message: 'bic must be a BIC such as NDEAFIHH' }),
  })
  .strict();
export type PayeeAccount = z.infer<typeof payeeAccount>;

const text = (max: number) => z.string().trim().min(1, 'is required').max(max);

/**
 * PUT /api/admin/site/{siteId}/payee: the seller and payee an invoice names (EU VAT Directive art. 226: name, address,
 * VAT number; the country's business ID), the accounts it may be paid to (the first one goes into the bar code and
 * the QR code), how its references are made and whether it carries the EPC QR code. The business ID, the VAT number
 * and the reference kind are checked against the site's country by the server (422 PAYEE_…_INVALID).
 */
export const payeeDetails = z
  .object({
    /** The registered name; at most 70 characters, the EPC QR code's limit for the beneficiary's name. */
    legalName: text(70),
    /** Y-tunnus, registrikood or reģistrācijas numurs. */
    businessId: text(20),
    vatNumber: z
      .string()
      .trim()
      .toUpperCase()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^[A-Z]{2}\d{8,12}$/, 'vatNumber must be a country code and digits, such as FI24681357')),
    street: text(100),
    postalCode: text(12),
    city: text(60),
    accounts: z.array(payeeAccount).min(1, 'at least one account').max(3, 'at most three accounts'),
    referenceKind,
    /** Print the EPC QR code (EPC069-12) on unpaid invoices. */
    epcQr: z.boolean(),
  })
  .strict()
  .meta({ id: 'PayeeDetails' });
export type PayeeDetails = z.infer<typeof payeeDetails>;

/** The details as stored and answered: the same fields, already in their checked form. */
export const storedPayeeDetails = z.object({
  legalName: z.string(),
  businessId: z.string(),
  vatNumber: z.string(),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  accounts: z.array(z.object({ iban: z.string(), bic: z.string() })),
  referenceKind,
  epcQr: z.boolean(),
});

/** GET /api/admin/site/{siteId}/payee: the site's country decides which forms apply; null before anything is saved. */
export const sitePayee = z
  .object({ countryCode: z.enum(['FI', 'EE', 'LV']), payee: storedPayeeDetails.nullable() })
  .meta({ id: 'SitePayee' });
export type SitePayee = z.infer<typeof sitePayee>;

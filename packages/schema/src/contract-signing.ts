import { z } from 'zod';
import { businessCodeText } from './business-codes.ts';
import { addDays, monthStart } from './calendar-dates.ts';
import { changeBillingChannelRequest } from './contracts.ts';
import { billingChannelKind, contractStatus, operatingCountryCode, usagePointKind, utility, type BillingChannelKind } from './enums.ts';
import { identifierField } from './identifier-text.ts';

/**
 * Signing a new contract and renewing one (spec §2 /contracts/sign and /contracts/{id}/offer, §7 Contracts;
 * docs/decisions/035-sign-flow.md, 036-estonian-datahub.md): who may start when, which billing channels the
 * site's signing offers, and the calls' shapes. Shared by the web's forms and the server's checks.
 */

const isoDate = z.iso.date();
const text = (max: number) => z.string().trim().min(1).max(max);

/** Why supply starts: the person moves in, or switches the point they already live at from another supplier. */
export const START_REASONS = ['move-in', 'switch'] as const;
export const startReason = z.enum(START_REASONS);
export type StartReason = z.infer<typeof startReason>;
/**
 * Why a contract started, as stored: a reason of the sign flow, or a change of network product that follows the
 * point's grid contract (docs/decisions/127-network-product-change.md), which the once-a-year rule counts.
 */
export const CONTRACT_START_REASONS = [...START_REASONS, 'product-change'] as const;

/** The latest a supply may start, counted from today. */
export const START_AHEAD_DAYS = 90;
/** A switch from another supplier needs this many days for the grid to carry it out (Finland, Latvia). */
export const SWITCH_NOTICE_DAYS = 14;
/** Estonia's datahub: a contract starts on the first day of a month and is registered at least 21 days before it. */
export const ESTONIAN_NOTICE_DAYS = 21;

export type StartWindow = { earliest: string; latest: string; firstOfMonthOnly: boolean };

/**
 * The days a new supply may start on, in the site's calendar: a move-in from today, a switch after the grid's
 * notice; in Estonia only the first day of a month registered 21 days ahead, whatever the reason.
 */
export function startWindow(countryCode: 'FI' | 'EE' | 'LV', reason: StartReason, today: string): StartWindow {
  const latest = addDays(today, START_AHEAD_DAYS);
  if (countryCode === 'EE') {
    const soonest = addDays(today, ESTONIAN_NOTICE_DAYS);
    const first = soonest.endsWith('-01') ? soonest : monthStart(soonest, 1);
    return { earliest: first, latest: monthStart(latest), firstOfMonthOnly: true };
  }
  return { earliest: reason === 'switch' ? addDays(today, SWITCH_NOTICE_DAYS) : today, latest, firstOfMonthOnly: false };
}

export const startAllowed = (window: StartWindow, date: string) =>
  date >= window.earliest && date <= window.latest && (!window.firstOfMonthOnly || date.endsWith('-01'));

/** Every day a window allows when it allows only firsts of months (the Estonian start dates), earliest first. */
export function monthStartsIn(window: StartWindow): string[] {
  const days: string[] = [];
  for (let day = window.earliest; day <= window.latest; day = monthStart(day, 1)) days.push(day);
  return days;
}

/**
 * The billing channels signing offers on a site (spec §6 signing variants): e-mail with SIGNING_EMAIL_INVOICE,
 * an e-invoice (a bank's for private customers, OVT for Finnish companies) with SIGNING_E_INVOICE, post unless
 * SIGNING_POSTAL_INVOICE_DISABLED; with CONTRACT_BILLING_MANAGEMENT_PREFER_E_INVOICE the e-invoice comes first.
 * A site that switches every channel off still bills by post, so a contract always has somewhere to send invoices.
 */
export function signingChannels(features: readonly string[], customerType: 'private' | 'legal', countryCode: string): BillingChannelKind[] {
  const eInvoice: BillingChannelKind = customerType === 'private' ? 'EInvoiceRequest' : countryCode === 'FI' ? 'OVT' : 'IBAN';
  const channels: BillingChannelKind[] = [];
  if (features.includes('SIGNING_E_INVOICE')) channels.push(eInvoice);
  if (features.includes('SIGNING_EMAIL_INVOICE')) channels.push('Email');
  if (!features.includes('SIGNING_POSTAL_INVOICE_DISABLED')) channels.push('Address');
  if (channels.length === 0) channels.push('Address');
  return preferEInvoice(channels, features);
}

/** CONTRACT_BILLING_MANAGEMENT_PREFER_E_INVOICE: the e-invoice channels first, the others after, each in its order. */
export function preferEInvoice(channels: BillingChannelKind[], features: readonly string[]): BillingChannelKind[] {
  if (!features.includes('CONTRACT_BILLING_MANAGEMENT_PREFER_E_INVOICE')) return channels;
  const electronic = (channel: BillingChannelKind) => channel === 'EInvoiceRequest' || channel === 'OVT';
  return [...channels.filter(electronic), ...channels.filter((channel) => !electronic(channel))];
}

/** The fixed terms a customer may pick where the site offers term changes (SIGNING_TERM_CHANGES). */
export const TERM_CHOICES = [12, 24, 36] as const;

const EIC_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-';

/** ENTSO-E Energy Identification Code: 16 characters, the last a check character (weights 16…2, modulo 37). */
export function isEic(code: string): boolean {
  if (!/^[0-9A-Z-]{15}[0-9A-Z]$/.test(code)) return false;
  const sum = [...code.slice(0, 15)].reduce((total, character, index) => total + EIC_ALPHABET.indexOf(character) * (16 - index), 0);
  return EIC_ALPHABET[36 - ((sum - 1) % 37)] === code[15];
}

/**
 * A co-owner of the place who signs along (offered unless SIGNING_CO_OWNER_DISABLED): name and personal code, the
 * code compacted here and checked by the server (and the web's form) as the site country's personal code
 * (`personalCodeOf` of `@portal/schema/personal-codes`), stored in that register's written form.
 */
export const coOwner = z.object({ name: text(120), personalCode: identifierField(40).pipe(z.string().min(1).max(20)) });

/**
 * POST /api/contracts/create: a usage point found by the search (or one of the customer's own), the product and
 * its options, the day supply starts, where invoices go and how to reach the signer.
 */
export const createContractRequest = z.object({
  usagePointId: text(64),
  reason: startReason,
  productId: text(64),
  campaignCode: text(40).optional(),
  additionalProductId: text(64).nullable().default(null),
  termMonths: z
    .number()
    .int()
    .refine((months) => (TERM_CHOICES as readonly number[]).includes(months), 'Choose 12, 24 or 36 months')
    .nullable()
    .default(null),
  startDate: isoDate,
  billing: changeBillingChannelRequest,
  contact: z.object({
    email: z.email('Enter a valid e-mail address').max(254),
    phone: identifierField(40)
      .pipe(z.union([z.literal(''), z.string().regex(/^\+?[0-9()-]{6,20}$/, 'Enter a phone number')]))
      .default(''),
  }),
  coOwner: coOwner.nullable().default(null),
  /** For a company: its business code, checked by the server against the site country's register rule (`businessCodeOf`). */
  businessCode: businessCodeText.optional(),
});
export type CreateContractRequest = z.input<typeof createContractRequest>;
export type CreateContract = z.output<typeof createContractRequest>;

/** POST /api/contracts/create/estonia: the same, with the EIC the Estonian datahub knows the metering point by. */
export const createEstonianContractRequest = createContractRequest.extend({
  meteringPointEic: identifierField(40).refine(isEic, 'Enter the metering point’s EIC code (16 characters)'),
});
export type CreateEstonianContractRequest = z.input<typeof createEstonianContractRequest>;
export type CreateEstonianContract = z.output<typeof createEstonianContractRequest>;

/** POST /api/contracts/{id}/renew (spec §7: the fields except id and locale): the offered product and its start. */
export const renewContractRequest = z.object({
  productId: text(64),
  startDate: isoDate,
  billing: changeBillingChannelRequest.optional(),
  termMonths: createContractRequest.shape.termMonths,
});
export type RenewContractRequest = z.input<typeof renewContractRequest>;

/** Where the signing stands, by its token (spec §4). */
export const SIGNING_STATES = ['pending', 'signed', 'refused', 'expired'] as const;
export const signingState = z.enum(SIGNING_STATES);
export type SigningState = z.infer<typeof signingState>;

/** The answer of create, create/estonia and renew: the contract awaiting signature and where to sign it. */
export const startedSigning = z
  .object({
    contractId: z.string(),
    contractNumber: z.string(),
    signingToken: z.string(),
    /** Where the browser goes to sign: the signing service's page (a path on this site for the local one). */
    signingUrl: z.string(),
    status: contractStatus,
    /** The service sends the signer back to the portal itself; otherwise the portal opens it beside itself and waits. */
    returnsToPortal: z.boolean(),
  })
  .meta({ id: 'StartedSigning' });
export type StartedSigning = z.infer<typeof startedSigning>;

export const signingTokenQuery = z.object({ signingToken: text(100) });
export const signingDownloadQuery = z.object({ signingToken: text(100), contractId: text(64) });
export const finalizeRequest = z.object({ signingToken: text(100) });

/** GET /api/contracts/signing/status?signingToken: the signing and the contract it is for. */
export const signingStatus = z
  .object({
    signingToken: z.string(),
    contractId: z.string(),
    contractNumber: z.string(),
    state: signingState,
    contractStatus,
    signedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'SigningStatus' });
export type SigningStatus = z.infer<typeof signingStatus>;

/** POST /api/contracts/upload?contractId: a document signed elsewhere, PDF or ASiC-E, up to this size. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const uploadQuery = z.object({ contractId: text(64) });

/** GET /api/contracts/start-info/{objectId}?businessCode: what starting a supply at a place involves. */
export const startInfoParams = z.object({ objectId: text(64) });
export const startInfoQuery = z.object({ businessCode: businessCodeText.optional() });
export const startInfo = z
  .object({
    objectId: z.string(),
    address: z.object({ street: z.string(), postalCode: z.string(), city: z.string(), countryCode: z.string() }),
    usagePoints: z.array(z.object({ usagePointId: z.string(), utility, usagePointKind })),
    /** The start days each reason allows, in the site's calendar. */
    windows: z.object({
      'move-in': z.object({ earliest: isoDate, latest: isoDate, firstOfMonthOnly: z.boolean() }),
      switch: z.object({ earliest: isoDate, latest: isoDate, firstOfMonthOnly: z.boolean() }),
    }),
    /** Present when a business code was given: its check, and the register's answer where the site shows company info. */
    business: z
      .object({
        code: z.string(),
        valid: z.boolean(),
        company: z.object({ name: z.string(), active: z.boolean() }).nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'StartInfo' });
export type StartInfo = z.infer<typeof startInfo>;

/** GET /api/contracts/existing-einvoice-bank-info?utilityName: the bank e-invoice the customer already has, if any. */
export const existingEInvoiceQuery = z.object({ utilityName: utility });
export const existingEInvoice = z
  .object({ channel: billingChannelKind, target: z.string(), operator: z.string().nullable() })
  .nullable()
  .meta({ id: 'ExistingEInvoice' });
export type ExistingEInvoice = z.infer<typeof existingEInvoice>;

/** POST /api/addresses/autocomplete?q: addresses of the site's grid that begin with what was typed. */
export const addressAutocompleteQuery = z.object({ q: z.string().trim().min(2).max(100) });
export const addressSuggestion = z
  .object({ street: z.string(), postalCode: z.string(), city: z.string(), countryCode: operatingCountryCode, label: z.string() })
  .meta({ id: 'AddressSuggestion' });
export const addressSuggestionList = z.array(addressSuggestion);
export type AddressSuggestion = z.infer<typeof addressSuggestion>;

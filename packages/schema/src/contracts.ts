import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { isOvtCode } from './business-codes.ts';
import { identifierField } from './identifier-text.ts';
import { billingChannelKind, contractStatus, contractType, priceComponentKind, priceType, utility } from './enums.ts';
import { PRICE_UNITS } from './energy.ts';
import { recordedMoveOut } from './move-out.ts';

const isoDate = z.iso.date();

/**
 * One price of a contract as the customer reads it: VAT excluded and with VAT. The VAT is the rate in force on the
 * contract's VAT day (`vatDate` of the contract) when the price is valid then, else on the nearest day it is valid:
 * its first day for a price to come, its last for one that ended (decision 093).
 */
export const contractPriceComponent = z.object({
  kind: priceComponentKind,
  unit: z.enum(PRICE_UNITS),
  /** Exact decimal cents as text (five decimals), VAT excluded. */
  priceCents: z.string(),
  /** Power charge: the kW of the peak hour it leaves free (three decimals), null for every other kind. */
  thresholdKw: z.string().nullable(),
  /** The same with VAT at `vatPermille`, five decimals. */
  priceWithVatCents: z.string(),
  /** The VAT rate of `priceWithVatCents`, per mille (25.5 % is 255). */
  vatPermille: z.number().int(),
  validFrom: isoDate,
  validTo: isoDate.nullable(),
});
export type ContractPriceComponent = z.infer<typeof contractPriceComponent>;

export const contractBilling = z
  .object({
    channel: billingChannelKind,
    /** E-mail address, postal address, IBAN or OVT code, as the channel needs. */
    target: z.string(),
    /** E-invoice operator or bank, for OVT and EInvoiceRequest. */
    operator: z.string().nullable(),
  })
  .meta({ id: 'ContractBilling' });
export type ContractBilling = z.infer<typeof contractBilling>;

/** GET /api/contracts: one row of the acting customer's contracts. */
export const contractSummary = z
  .object({
    id: z.string(),
    contractNumber: z.string(),
    type: contractType,
    /** As the customer sees it today (docs/decisions/030-contract-life-cycle.md). */
    status: contractStatus,
    utility,
    productName: z.string(),
    priceType,
    startDate: isoDate,
    endDate: isoDate.nullable(),
    termMonths: z.number().int().nullable(),
    objectId: z.string(),
    address: z.object({ street: z.string(), postalCode: z.string(), city: z.string(), countryCode: z.string() }),
    meteringPointId: z.string(),
    /** GSRN for electricity, EIC for gas and district heat. */
    meteringPointCode: z.string(),
    /** The end date a reported move-out gives the contract; null while none was reported. */
    moveOutDate: isoDate.nullable(),
  })
  .meta({ id: 'ContractSummary' });
export type ContractSummary = z.infer<typeof contractSummary>;
export const contractList = z.array(contractSummary);

/** GET /api/contracts/{id}: the contract with its prices and billing. */
export const contractDetail = contractSummary
  .extend({
    /** The VAT rate in force on `vatDate`, per mille: VAT is due at the rate of the day energy is supplied. */
    vatPermille: z.number().int(),
    /** Today, or the contract's start when it lies ahead: the day whose VAT the prices are shown with. */
    vatDate: isoDate,
    signedAt: z.iso.datetime().nullable(),
    billing: contractBilling,
    priceComponents: z.array(contractPriceComponent),
    moveOut: recordedMoveOut.nullable(),
  })
  .meta({ id: 'ContractDetail' });
export type ContractDetail = z.infer<typeof contractDetail>;

/** GET /api/contracts/{id}/billing-channels: the current channel and the ones the customer may choose. */
export const billingChannels = z
  .object({ current: contractBilling, available: z.array(billingChannelKind) })
  .meta({ id: 'BillingChannels' });
export type BillingChannels = z.infer<typeof billingChannels>;

const operator = z.string().trim().min(2, 'Name the operator or bank').max(100);
/** An IBAN as pasted (any white space, lower case), kept in electronic form. */
const ibanTarget = identifierField(64)
  .transform((value) => electronicFormatIBAN(value) ?? '')
  .refine((value) => isValidIBAN(value), 'Enter a valid IBAN');

/**
 * POST /api/contracts/{id}/change-billing-channels: the new channel and where invoices go. Each channel says
 * what its target is; the web's form and the server check the same rules (IBAN check digits, OVT on a valid
 * Y-tunnus).
 */
export const changeBillingChannelRequest = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('Email'), target: z.email('Enter a valid e-mail address').max(254) }),
  z.object({ channel: z.literal('Address'), target: z.string().trim().min(5, 'Enter the postal address').max(200) }),
  z.object({
    channel: z.literal('IBAN'),
    target: ibanTarget,
  }),
  z.object({
    channel: z.literal('OVT'),
    target: identifierField(64).refine((value) => isOvtCode(value), 'Enter a valid OVT code (0037 and the business ID)'),
    operator,
  }),
  z.object({
    channel: z.literal('EInvoiceRequest'),
    target: ibanTarget,
    operator,
  }),
]);
/** What the web's form holds. */
export type ChangeBillingChannelRequest = z.input<typeof changeBillingChannelRequest>;
/** What the server receives after validation (targets compacted by `identifierText`, IBANs in electronic form). */
export type ChangeBillingChannel = z.output<typeof changeBillingChannelRequest>;

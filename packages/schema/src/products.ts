import { z } from 'zod';
import { PRICE_UNITS } from './energy.ts';
import { offerVisibility, priceComponentKind, priceType, utility } from './enums.ts';

const isoDate = z.iso.date();
const text = (max: number) => z.string().trim().min(1).max(max);

export const productPriceComponent = z.object({
  kind: priceComponentKind,
  unit: z.enum(PRICE_UNITS),
  /** Exact decimal cents, VAT excluded. */
  priceCents: z.string(),
  /** Power charge: the kW of the peak hour it leaves free (three decimals), null for every other kind. */
  thresholdKw: z.string().nullable(),
});
export type ProductPriceComponent = z.infer<typeof productPriceComponent>;

/** A product of the site's catalogue as a customer may see it. */
export const product = z
  .object({
    id: z.string(),
    code: z.string(),
    name: z.string(),
    description: z.string(),
    utility,
    priceType,
    productGroup: z.string(),
    visibility: offerVisibility,
    termMonths: z.number().int().nullable(),
    availableFrom: isoDate,
    availableTo: isoDate.nullable(),
    priceComponents: z.array(productPriceComponent),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof product>;
export const productList = z.array(product);

/** GET /api/products: the catalogue, narrowed by utility, product group (where the site filters by group) and a campaign code. */
export const productsQuery = z.object({
  utility: utility.optional(),
  productGroup: text(40).optional(),
  campaignCode: text(40).optional(),
});

/** GET /api/products/by-ids (spec §7): named products, as a customer of that kind on that day may have them. */
export const productsByIdsQuery = z.object({
  productId: z.array(text(64)).min(1).max(20),
  legalEntity: z.stringbool().optional(),
  supplyStartDate: isoDate.optional(),
  meteringPointId: text(64).optional(),
  productCampaignCode: text(40).optional(),
});

/** GET /api/me/contract-offers: renewal offers per live contract, each with a yearly estimate from the customer's own use. */
export const contractOffer = z
  .object({
    contractId: z.string(),
    contractNumber: z.string(),
    product,
    /** Consumption of the last twelve months the estimates price, in kWh. */
    yearlyKwh: z.number(),
    /** Those twelve months priced as the current contract and as the offer, VAT included, whole cents. */
    currentYearlyCents: z.number().int(),
    offeredYearlyCents: z.number().int(),
  })
  .meta({ id: 'ContractOffer' });
export type ContractOffer = z.infer<typeof contractOffer>;
export const contractOfferList = z.array(contractOffer);

/** GET /api/me/product-costs: the products on offer of one utility (or all), with a campaign code the customer brings. */
export const productCostsQuery = z.object({
  utility: utility.optional(),
  campaignCode: text(40).optional(),
});

/** One product priced over the point's own use, beside what the customer was invoiced for the same supply. */
export const productCost = z
  .object({
    productId: z.string(),
    /** The point's use of the priced days under the product, VAT included, whole cents. */
    costCents: z.number().int(),
    /** The product the point's live contract was made from. */
    current: z.boolean(),
    /** The totals (VAT included) of the customer's invoices of the point for this supply (energy or network) whose periods lie within the months. */
    paidCents: z.number().int(),
    /** How many of the priced months those invoices cover day by day; fewer than `months` means the sum is not the whole. */
    paidMonths: z.number().int().min(0).max(12),
  })
  .meta({ id: 'ProductCost' });

/** One metering point of the customer with use in the compared months. */
export const pointProductCosts = z
  .object({
    meteringPointId: z.string(),
    meteringPointCode: z.string(),
    utility,
    address: z.object({ street: z.string(), postalCode: z.string(), city: z.string() }),
    /** The first day priced: the months' first, or the first day with readings when the point's use began later. */
    pricedFrom: isoDate,
    /** Months of the priced days (1–12), a month begun counting as one. */
    months: z.number().int().min(1).max(12),
    /** Consumption of the priced days, in kWh. */
    kwh: z.number(),
    products: z.array(productCost),
  })
  .meta({ id: 'PointProductCosts' });

/** The last twelve whole months of the site's calendar, and each point's use of them priced under each product on offer. */
export const productCosts = z
  .object({
    period: z.object({ from: isoDate, to: isoDate }),
    points: z.array(pointProductCosts),
  })
  .meta({ id: 'ProductCosts' });
export type ProductCosts = z.infer<typeof productCosts>;
export type PointProductCosts = z.infer<typeof pointProductCosts>;

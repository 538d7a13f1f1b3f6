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

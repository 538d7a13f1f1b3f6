import { z } from 'zod';
import { pointProductCosts, product } from './products.ts';

/**
 * A network operator's customer comparing its network products over their own last twelve months and changing the
 * grid contract's product once a year (issue 29, docs/decisions/127-network-product-change.md).
 */

const isoDate = z.iso.date();

/** Months from one change of network product taking effect to the first day the next may (decision 127). */
export const CHANGE_INTERVAL_MONTHS = 12;

/** A change of network product: the grid contract it starts, with the product and the day it takes effect. */
export const networkProductChange = z
  .object({
    contractId: z.string(),
    productId: z.string().nullable(),
    productName: z.string(),
    startDate: isoDate,
  })
  .meta({ id: 'NetworkProductChange' });
export type NetworkProductChange = z.infer<typeof networkProductChange>;

/** GET /api/contracts/{id}/network-products: the point's grid contract in force, the products on offer and the rule's days. */
export const networkProducts = z
  .object({
    /** The grid contract in force at the point today: the one a change ends. */
    contractId: z.string(),
    contractNumber: z.string(),
    productName: z.string(),
    /** Its last day: the day before a pending change, or a reported move-out's day (then no change is taken). */
    endDate: isoDate.nullable(),
    meteringPointId: z.string(),
    meteringPointCode: z.string(),
    address: z.object({ street: z.string(), postalCode: z.string(), city: z.string() }),
    /** The network products on offer to this customer today, the current one among them when it still is. */
    products: z.array(product),
    /** Decision 120's last twelve whole months of the site's calendar. */
    period: z.object({ from: isoDate, to: isoDate }),
    /** The point's use of those months priced under each product, beside what was invoiced; null without use. */
    costs: pointProductCosts.nullable(),
    /** A change waiting to take effect; it may be cancelled until the day before. */
    pending: networkProductChange.nullable(),
    /** The change that took effect last, or the pending one: what the once-a-year rule counts from. */
    lastChange: networkProductChange.nullable(),
    /** The day a change made today takes effect: the first of next month on the site's calendar. */
    changeTakesEffect: isoDate,
    /** The first day a change may take effect: `changeTakesEffect`, or twelve months after the last change if later. */
    nextChangeFrom: isoDate,
  })
  .meta({ id: 'NetworkProducts' });
export type NetworkProducts = z.infer<typeof networkProducts>;

/** POST /api/contracts/{id}/network-product-change: the network product the grid contract changes to. */
export const networkProductChangeRequest = z.object({ productId: z.string().trim().min(1).max(64) });
export type NetworkProductChangeRequest = z.infer<typeof networkProductChangeRequest>;

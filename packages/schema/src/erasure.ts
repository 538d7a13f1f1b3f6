import { z } from 'zod';

/**
 * Closing my account (GDPR Art. 17, docs/decisions/122): a customer with no contract in force and nothing unpaid asks
 * to be forgotten; customer service carry it out, which removes or pseudonymises the customer's data table by table
 * and keeps what bookkeeping law requires.
 */
export const ERASURE_STATUSES = ['requested', 'done'] as const;

export const erasureRequestView = z
  .object({
    id: z.string(),
    status: z.enum(ERASURE_STATUSES),
    requestedAt: z.iso.datetime({ offset: true }),
    doneAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'ErasureRequest' });
export type ErasureRequestView = z.infer<typeof erasureRequestView>;

/** The customer's request, or none yet. */
export const myErasureRequest = z.object({ request: erasureRequestView.nullable() });
export type MyErasureRequest = z.infer<typeof myErasureRequest>;

/** A request waiting in customer service's queue: whose it is, so the caller can look at the card before. */
export const staffErasureRequest = z
  .object({
    id: z.string(),
    clientCode: z.string(),
    customerName: z.string(),
    requestedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'StaffErasureRequest' });
export type StaffErasureRequest = z.infer<typeof staffErasureRequest>;

/** What carrying out did: rows removed and rows pseudonymised, per table. */
export const erasureOutcome = z
  .object({
    request: erasureRequestView,
    removed: z.record(z.string(), z.number().int()),
    pseudonymised: z.record(z.string(), z.number().int()),
  })
  .meta({ id: 'ErasureOutcome' });
export type ErasureOutcome = z.infer<typeof erasureOutcome>;

export const erasureRequestIdParams = z.object({ id: z.uuid() });

/** Years the invoices, their payments and the contracts they bill are kept, by the site's country (decision 122). */
export const BOOKKEEPING_YEARS = { FI: 6, EE: 7, LV: 5 } as const;

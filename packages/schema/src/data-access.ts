import { z } from 'zod';
import { staffRole } from './identity.ts';

/**
 * The parts of a customer's data a staff call touched, as the customer reads it in "who looked at my data":
 * each audited staff call is filed under one (apps/server/src/platform/data-areas.ts).
 */
export const DATA_AREAS = [
  'customer-card',
  'acting',
  'profile',
  'contact-details',
  'notifications',
  'consumption',
  'invoices',
  'contracts',
  'support',
  'outages',
  'power-control',
  'other',
] as const;
export const dataArea = z.enum(DATA_AREAS);
export type DataArea = z.infer<typeof dataArea>;

export const DATA_ACCESS_PAGE_SIZE = 20;

export const dataAccessQuery = z.object({
  page: z.coerce.number().int('page must be a whole number').min(1, 'page starts at 1').max(1000, 'page is at most 1000').default(1),
});

/** One visit: the calls of one staff member into one area within a quarter of an hour, read or changed. */
export const dataAccessEntry = z
  .object({
    firstAt: z.iso.datetime(),
    lastAt: z.iso.datetime(),
    role: staffRole,
    area: dataArea,
    kind: z.enum(['read', 'change']),
    calls: z.number().int(),
  })
  .meta({ id: 'DataAccessEntry' });
export type DataAccessEntry = z.infer<typeof dataAccessEntry>;

export const dataAccessPage = z.object({ entries: z.array(dataAccessEntry), page: z.number().int(), hasMore: z.boolean() });
export type DataAccessPage = z.infer<typeof dataAccessPage>;

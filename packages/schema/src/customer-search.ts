import { z } from 'zod';
import { customerType } from './enums.ts';

/** Results per page of the staff customer search; the page after the last says `hasMore: false`. */
export const CUSTOMER_SEARCH_PAGE_SIZE = 10;
/** Shorter than this finds too much to be a search (and too little for trigrams to rank). */
export const CUSTOMER_SEARCH_MIN_LENGTH = 2;

/** What a result matched on, so staff see why a customer came up. */
export const CUSTOMER_SEARCH_FIELDS = [
  'client-code',
  'name',
  /** The name of a person who represents the customer (a company's board member, an authorised person). */
  'representative',
  'personal-code',
  'business-code',
  'email',
  'phone',
  'address',
  'gsrn',
  'invoice-number',
] as const;
export const customerSearchField = z.enum(CUSTOMER_SEARCH_FIELDS);
export type CustomerSearchField = z.infer<typeof customerSearchField>;

export const customerSearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(CUSTOMER_SEARCH_MIN_LENGTH, `q needs at least ${CUSTOMER_SEARCH_MIN_LENGTH} characters`)
    .max(100, 'q is at most 100 characters'),
  page: z.coerce.number().int('page must be a whole number').min(1, 'page starts at 1').max(100, 'page is at most 100').default(1),
});
export type CustomerSearchQuery = z.input<typeof customerSearchQuery>;

export const customerSearchResult = z
  .object({
    clientCode: z.string(),
    name: z.string(),
    type: customerType,
    matchedOn: customerSearchField,
    /** The text that matched, as stored (a name, an address, an invoice number…). */
    matchedText: z.string(),
  })
  .meta({ id: 'CustomerSearchResult' });
export type CustomerSearchResult = z.infer<typeof customerSearchResult>;

export const customerSearchPage = z.object({
  results: z.array(customerSearchResult),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type CustomerSearchPage = z.infer<typeof customerSearchPage>;

export const clientCodeParams = z.object({ clientCode: z.string().trim().min(1).max(50) });

/** The card customer service open before acting: enough to know it is the right customer, no more. */
export const customerSummary = z
  .object({
    clientCode: z.string(),
    name: z.string(),
    type: customerType,
    businessCode: z.string().nullable(),
    /** The people who sign in for the customer: the customer themself and representatives. */
    people: z.array(z.object({ name: z.string().nullable(), relation: z.enum(['self', 'representative']) })),
    emails: z.array(z.string()),
    phones: z.array(z.string()),
    addresses: z.array(z.string()),
    usagePoints: z.array(z.object({ gsrn: z.string(), address: z.string() })),
    openInvoices: z.number().int(),
    activeContracts: z.number().int(),
  })
  .meta({ id: 'CustomerSummary' });
export type CustomerSummary = z.infer<typeof customerSummary>;

export const recentCustomer = z.object({
  clientCode: z.string(),
  name: z.string(),
  type: customerType,
  lastOpenedAt: z.iso.datetime(),
});
export type RecentCustomer = z.infer<typeof recentCustomer>;
export const recentCustomers = z.array(recentCustomer);
